import Foundation
import RingTestSupport

/// A UIKit program built against this checkout's `UIKit` product the way a user builds one:
/// a package of its own with a path dependency, `swift build`.
enum UIKitProgram {
  /// The checkout's root (this file is `Tests/UIKitTests/UIKitProgram.swift`).
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The seed's Swift: the sample file from its first `import UIKit` on (the lines before
  /// are the sample's title, not Swift), as given, never copied into the repository.
  static func seedSource() throws -> String {
    let folder = repository.deletingLastPathComponent().appendingPathComponent("shared/seed")
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    guard let name = files.sorted().first(where: { $0.hasSuffix(".txt") }) else {
      throw ToolFailure(message: "the seed is missing: no sample in \(folder.path)")
    }
    let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    guard let start = text.range(of: "import UIKit") else {
      throw ToolFailure(message: "the seed \(name) has no 'import UIKit'")
    }
    return String(text[start.lowerBound...])
  }

  /// The README's `Swift` blocks of its UIKit section (the manifest, the application
  /// delegate), indentation removed: the steps a user follows are the ones tested.
  static func readmeBlocks() throws -> [String] {
    let readme = try String(
      contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
    var blocks: [String] = []
    var current: [Substring]?
    for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.drop { $0 == " " }
      if current == nil, trimmed == "```Swift" {
        current = []
      } else if current != nil, trimmed == "```" {
        blocks.append(
          current!.map { $0.hasPrefix("   ") ? $0.dropFirst(3) : $0 }.joined(separator: "\n") + "\n"
        )
        current = nil
      } else if current != nil {
        current!.append(line)
      }
    }
    guard blocks.count == 2, blocks[0].hasPrefix("// swift-tools-version"),
      blocks[1].contains("@main")
    else {
      throw ToolFailure(message: "README: expected the UIKit section's manifest and @main blocks")
    }
    return blocks
  }

  /// The README's application delegate around the seed's view controller.
  static func appDelegate() throws -> String { try readmeBlocks()[1] }

  /// Builds a program called `name` from `sources` (file name to text) in a package under
  /// the build folder, and returns its executable. The package is Swift 5 language mode, as
  /// a sample of the seed's age expects; the build folder is kept, so a second build is
  /// incremental.
  static func build(_ name: String, sources: [String: String]) throws -> String {
    let root = repository.appendingPathComponent(".build/uikit-programs/\(name)")
    let sourceFolder = root.appendingPathComponent("Sources/\(name)")
    try? FileManager.default.removeItem(at: root.appendingPathComponent("Sources"))
    try FileManager.default.createDirectory(at: sourceFolder, withIntermediateDirectories: true)
    for (file, text) in sources {
      try text.write(
        to: sourceFolder.appendingPathComponent(file), atomically: true, encoding: .utf8)
    }
    // The README's manifest, pointed at this checkout.
    let identity = repository.lastPathComponent
    let manifest = try readmeBlocks()[0]
      .replacingOccurrences(of: "\"MyApp\"", with: "\"\(name)\"")
      .replacingOccurrences(
        of: ".package(path: \"../RainbowRing\")", with: ".package(path: \"\(repository.path)\")"
      )
      .replacingOccurrences(of: "package: \"RainbowRing\"", with: "package: \"\(identity)\"")
    guard manifest.contains(repository.path), manifest.contains("\"\(name)\"") else {
      throw ToolFailure(message: "README: the UIKit manifest block changed shape:\n\(manifest)")
    }
    try manifest.write(
      to: root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
    let swift =
      ProcessInfo.processInfo.environment["SWIFT_EXEC_DIR"].map { "\($0)/swift" }
      ?? "/opt/swift/usr/bin/swift"
    let scratch = repository.appendingPathComponent(".build/uikit-programs/scratch").path
    let result = try runProcess(
      swift, ["build", "--package-path", root.path, "--scratch-path", scratch, "--product", name],
      environment: ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("SWIFTPM_") })
    guard result.status == 0 else {
      throw ToolFailure(
        message: "swift build of \(name) failed (\(result.status)):\n"
          + String(decoding: result.stdout, as: UTF8.self) + result.stderr)
    }
    return "\(scratch)/debug/\(name)"
  }

  /// The seed's two classes, unchanged, with the application delegate: built once per run.
  static let seed: Result<String, Error> = Result {
    try build(
      "SeedApp", sources: ["Seed.swift": try seedSource(), "AppDelegate.swift": try appDelegate()])
  }

  /// The example under `Examples/UIKitRings`, built by this package beside the test runner.
  static func example() throws -> String {
    let path = URL(fileURLWithPath: try runningExecutable()).deletingLastPathComponent()
      .appendingPathComponent("UIKitRings").path
    guard FileManager.default.isExecutableFile(atPath: path) else {
      throw ToolFailure(message: "the example UIKitRings is not built beside the tests: \(path)")
    }
    return path
  }
}
