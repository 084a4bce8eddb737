import Foundation

/// The path of `tool` on PATH, or an error naming the Debian package that provides it
/// (`scripts/test` installs them; a missing one fails loudly rather than skipping).
func requiredTool(_ tool: String, package: String) throws -> String {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
  for dir in path.split(separator: ":") + ["/usr/bin", "/bin"] {
    let candidate = "\(dir)/\(tool)"
    if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
  }
  throw MissingTool(description: "\(tool) is missing: apt-get install \(package)")
}

struct MissingTool: Error, CustomStringConvertible {
  let description: String
}
