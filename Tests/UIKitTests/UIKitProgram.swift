import Foundation
import RingTestSupport

/// A UIKit program built against this checkout's `UIKit` product the way a user builds one:
/// a package of its own with a path dependency, `swift build`.
enum UIKitProgram {
  /// The checkout's root (this file is `Tests/UIKitTests/UIKitProgram.swift`).
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The folder of the user's seed sample, `../shared/seed` beside the checkout (or
  /// `RAINBOW_RING_SEED`): it stays outside the repository, never copied into it.
  static let seedFolder = URL(
    fileURLWithPath: ProcessInfo.processInfo.environment["RAINBOW_RING_SEED"]
      ?? repository.deletingLastPathComponent().appendingPathComponent("shared/seed").path)

  /// The seed's sample file (the first `.txt` in its folder), if it is there.
  static var seedFile: URL? {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: seedFolder.path)) ?? []
    return files.sorted().first { $0.hasSuffix(".txt") }.map {
      seedFolder.appendingPathComponent($0)
    }
  }

  /// Whether the tests that compile the seed run: when the seed is beside the checkout, and
  /// always under CI (`CI` set), where a missing seed fails them rather than skipping them.
  /// In a clone with nothing beside it they are skipped, and Swift Testing says why.
  static let seedTestsRun = seedFile != nil || ProcessInfo.processInfo.environment["CI"] != nil

  /// The seed's Swift: the sample file from its first `import UIKit` on (the lines before
  /// are the sample's title, not Swift), as given, never copied into the repository.
  static func seedSource() throws -> String {
    guard let file = seedFile else {
      throw ToolFailure(message: "the seed is missing: no sample in \(seedFolder.path)")
    }
    let text = try String(contentsOf: file, encoding: .utf8)
    guard let start = text.range(of: "import UIKit") else {
      throw ToolFailure(message: "the seed \(file.lastPathComponent) has no 'import UIKit'")
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

  /// Builds the programs `sources` names (program, then file name to text) as executable
  /// targets of one package under the build folder (the README's manifest, pointed at this
  /// checkout, with a target per program), and returns their executables by name. The
  /// package is Swift 5 language mode, as samples of the seed's age expect; the build
  /// folder is kept, so a second run builds incrementally.
  static func build(_ sources: [(program: String, files: [String: String])]) throws
    -> [String: String]
  {
    let root = repository.appendingPathComponent(".build/uikit-programs/package")
    try? FileManager.default.removeItem(at: root.appendingPathComponent("Sources"))
    for (program, files) in sources {
      let folder = root.appendingPathComponent("Sources/\(program)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      for (file, text) in files {
        try text.write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
      }
    }
    let identity = repository.lastPathComponent
    let first = sources[0].program
    // The samples are built as docs/UIKit.md says a library's files that rely on an
    // umbrella header's import build: UIKit imported into each file.
    let umbrella =
      #"swiftSettings: [.unsafeFlags(["-Xfrontend", "-import-module", "-Xfrontend", "UIKit"])]"#
    let others = sources.dropFirst().map {
      ".executableTarget(name: \"\($0.program)\", dependencies: [.product(name: \"UIKit\", package: \"\(identity)\")], \(umbrella)),\n"
    }.joined()
    let manifest = try readmeBlocks()[0]
      .replacingOccurrences(of: "\"MyApp\"", with: "\"\(first)\"")
      .replacingOccurrences(
        of: ".package(path: \"../RainbowRing\")", with: ".package(path: \"\(repository.path)\")"
      )
      .replacingOccurrences(of: "package: \"RainbowRing\"", with: "package: \"\(identity)\"")
      .replacingOccurrences(of: "targets: [", with: "targets: [\n" + others)
    guard manifest.contains(repository.path), manifest.contains("name: \"\(first)\"") else {
      throw ToolFailure(message: "README: the UIKit manifest block changed shape:\n\(manifest)")
    }
    try manifest.write(
      to: root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
    let swift =
      ProcessInfo.processInfo.environment["SWIFT_EXEC_DIR"].map { "\($0)/swift" }
      ?? "/opt/swift/usr/bin/swift"
    let scratch = repository.appendingPathComponent(".build/uikit-programs/scratch").path
    let result = try runProcess(
      swift, ["build", "--package-path", root.path, "--scratch-path", scratch],
      environment: ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("SWIFTPM_") })
    guard result.status == 0 else {
      throw ToolFailure(
        message: "swift build of the UIKit programs failed (\(result.status)):\n"
          + String(decoding: result.stdout, as: UTF8.self) + result.stderr)
    }
    return Dictionary(
      uniqueKeysWithValues: sources.map { ($0.program, "\(scratch)/debug/\($0.program)") })
  }

  /// The seed's old-style entry point: `UIApplicationMain` in main.swift, as Xcode templates
  /// before `@main` had it.
  static let classicMain = """
    import UIKit

    class AppDelegate: UIResponder, UIApplicationDelegate {
        var window: UIWindow?

        func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplicationLaunchOptionsKey: Any]?) -> Bool {
            window = UIWindow(frame: UIScreen.main.bounds)
            window!.backgroundColor = UIColor.white
            window!.rootViewController = ViewController()
            window!.makeKeyAndVisible()
            return true
        }
    }

    UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, NSStringFromClass(AppDelegate.self))

    """

  /// The programs, built once per run: the seed's two classes, unchanged, with the README's
  /// application delegate (`SeedApp`) and with a classic main.swift (`ClassicApp`), and
  /// the samples (Tests/UIKitTests/Samples: UIKit code in the style of tutorials and of the
  /// popular libraries): `Samples` from the files at its top, and one program per folder
  /// beneath, named after it (`Strobe`, a flash effect; `Spinner`, an activity indicator;
  /// `Loader`, transforms and replicators). Without the seed (see `seedTestsRun`) only the
  /// samples are built.
  static let programs: Result<[String: String], Error> = Result {
    let samples = repository.appendingPathComponent("Tests/UIKitTests/Samples")
    func files(in folder: URL) throws -> [String: String] {
      var files: [String: String] = [:]
      for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
      where name.hasSuffix(".swift.txt") {
        files[String(name.dropLast(4))] = try String(
          contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      }
      return files
    }
    var programs = [("Samples", try files(in: samples))]
    for name in try FileManager.default.contentsOfDirectory(atPath: samples.path).sorted() {
      var isFolder: ObjCBool = false
      let folder = samples.appendingPathComponent(name)
      guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder),
        isFolder.boolValue
      else { continue }
      programs.append((name, try files(in: folder)))
    }
    guard seedTestsRun else { return try build(programs) }
    let seed = try seedSource()
    return try build(
      [
        ("SeedApp", ["Seed.swift": seed, "AppDelegate.swift": try appDelegate()]),
        ("ClassicApp", ["Seed.swift": seed, "main.swift": classicMain]),
      ] + programs)
  }

  static func program(_ name: String) throws -> String {
    guard let path = try programs.get()[name] else {
      throw ToolFailure(message: "no UIKit program named \(name)")
    }
    return path
  }

  /// The seed's program (`SeedApp`).
  static var seed: Result<String, Error> { Result { try program("SeedApp") } }

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
