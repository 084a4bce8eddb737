import Foundation
import RingTestSupport

/// Runs `tool`, failing with the Debian package to install when it is not on PATH: the
/// tests that compare against HarfBuzz's tools never skip (in CI or by hand).
func runTextTool(_ tool: String, package: String, _ arguments: [String]) throws -> Data {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
  let found = path.split(separator: ":").contains {
    FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)")
  }
  guard found else {
    throw ToolFailure(message: "\(tool) is missing: apt-get install \(package)")
  }
  return try runTool(tool, arguments)
}
