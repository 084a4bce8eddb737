import Foundation
import RingTestSupport
import Testing

/// `scripts/install` into a scratch prefix (and with DESTDIR), with this build's binary
/// (RAINBOW_RING_BINARY) so the test does not build a release; CI runs it with the build.
@Suite struct InstallTests {
  static let installed = [
    "bin/rainbow-ring", "share/man/man1/rainbow-ring.1",
    "share/bash-completion/completions/rainbow-ring", "share/zsh/site-functions/_rainbow-ring",
    "share/fish/vendor_completions.d/rainbow-ring.fish",
  ]

  static var installScript: String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("scripts/install").path
  }

  static func files(under root: String) -> [String] {
    let all = FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []
    return all.filter { path in
      var isDir: ObjCBool = false
      return FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDir)
        && !isDir.boolValue
    }.sorted()
  }

  @Test(arguments: [false, true])
  func installsTheBinaryManPageAndCompletions(destdir: Bool) throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let prefix = destdir ? "/opt/ring" : dir + "/prefix"
    var env = ProcessInfo.processInfo.environment
    env["RAINBOW_RING_BINARY"] = try rainbowRingBinary()
    if destdir { env["DESTDIR"] = dir + "/stage" }
    let run = try runProcess(Self.installScript, [prefix], environment: env)
    #expect(run.status == 0, "exit \(run.status): \(run.stderr)")
    let root = destdir ? dir + "/stage/opt/ring" : prefix
    #expect(
      Self.files(under: root) == Self.installed.sorted(), "installed: \(Self.files(under: root))")
    let version = try runProcess(root + "/bin/rainbow-ring", ["--version"])
    #expect(
      String(decoding: version.stdout, as: UTF8.self) == "rainbow-ring 0.1.0\n",
      "the installed binary runs")
    // The installed completion completes from its own place.
    let bash = try runProcess(
      "/bin/bash",
      [
        "--norc", "-c",
        "source \"$1\"; COMP_WORDS=(rainbow-ring rend); COMP_CWORD=1; _rainbow_ring; echo \"${COMPREPLY[@]}\"",
        "bash", root + "/share/bash-completion/completions/rainbow-ring",
      ])
    #expect(String(decoding: bash.stdout, as: UTF8.self) == "render\n", "bash: \(bash.stderr)")
    let man = try runProcess(
      "/usr/bin/man", ["--warnings", "-l", root + "/share/man/man1/rainbow-ring.1"],
      environment: ["PATH": "/usr/bin:/bin", "MANPAGER": "cat"])
    #expect(man.status == 0 && man.stderr.isEmpty, "man -l: \(man.stderr)")
  }

  @Test(arguments: [["relative/prefix"], ["/a", "/b"]])
  func aBadPrefixIsRefused(args: [String]) throws {
    var env = ProcessInfo.processInfo.environment
    env["RAINBOW_RING_BINARY"] = try rainbowRingBinary()
    let run = try runProcess(Self.installScript, args, environment: env)
    #expect(run.status == 64, "\(args): exit \(run.status): \(run.stderr)")
  }

  /// A folder where a file goes is refused before anything is installed (install would put
  /// the file inside it), and a relative DESTDIR means the caller's folder.
  @Test(arguments: InstallTests.installed)
  func aFolderInTheWayInstallsNothing(blocked: String) throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try FileManager.default.createDirectory(
      atPath: dir + "/stage/p/" + blocked, withIntermediateDirectories: true)
    var env = ProcessInfo.processInfo.environment
    env["RAINBOW_RING_BINARY"] = try rainbowRingBinary()
    env["DESTDIR"] = "stage"
    let run = try runProcess(Self.installScript, ["/p"], environment: env, directory: dir)
    #expect(run.status == 1, "exit \(run.status): \(run.stderr)")
    #expect(run.stderr.contains("is a folder"), "\(run.stderr)")
    #expect(Self.files(under: dir + "/stage").isEmpty, "nothing installed")
  }
}
