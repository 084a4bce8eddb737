import Foundation
import RingExport
import RingTestSupport
import Testing

@testable import RainbowRingCLI
@testable import RingCommandLine
@testable import RingCommands

/// The bash, zsh and fish completions the binary generates: they parse, they name every
/// option of every subcommand, and real bash and fish complete subcommands, options and
/// the values the declarations know.
@Suite struct CompletionScriptTests {
  /// The script as the binary prints it, in a scratch file.
  static func script(_ shell: CompletionShell, in dir: String) throws -> String {
    let run = try runProcess(
      try rainbowRingBinary(), ["--generate-completion-script", shell.rawValue])
    #expect(run.status == 0 && run.stderr.isEmpty, "\(shell): exit \(run.status) \(run.stderr)")
    let path = dir + "/completion." + shell.rawValue
    try run.stdout.write(to: URL(fileURLWithPath: path))
    return path
  }

  static func lines(_ data: Data) -> [String] {
    String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  @Test(arguments: [
    (CompletionShell.bash, "bash", "bash"), (.zsh, "zsh", "zsh"), (.fish, "fish", "fish"),
  ])
  func theScriptParses(shell: CompletionShell, tool: String, package: String) throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let path = try Self.script(shell, in: dir)
    let run = try runProcess(try requiredTool(tool, package: package), ["-n", path])
    #expect(run.status == 0 && run.stderr.isEmpty, "\(tool) -n: exit \(run.status): \(run.stderr)")
  }

  /// Every spelling of every option of every subcommand is in every script.
  @Test(arguments: CompletionShell.allCases)
  func theScriptNamesEveryOption(shell: CompletionShell) {
    let text = shell.script(for: CommandLineTool.spec)
    for command in CommandLineTool.commands {
      for spec in command.options {
        let spellings =
          switch shell {
          case .fish: ["-l \(spec.name)"] + (spec.isInvertible ? ["-l no-\(spec.name)"] : [])
          case .bash, .zsh: spec.longNames
          }
        for spelling in spellings {
          #expect(text.contains(spelling), "\(shell): \(command.name) \(spelling) is missing")
        }
        if let short = spec.short {
          let shown = shell == .fish ? "-s \(short)" : "-\(short)"
          #expect(text.contains(shown), "\(shell): \(command.name) -\(short) is missing")
        }
      }
      #expect(text.contains(command.name), "\(shell): subcommand \(command.name) is missing")
    }
  }

  static func longNames(_ specs: [OptionSpec]) -> [String] { specs.flatMap(\.longNames).sorted() }

  static let bashCases: [(words: [String], offered: [String])] = [
    (["rainbow-ring", ""], ["check", "config", "export", "help", "play", "render"]),
    (["rainbow-ring", "re"], ["render"]),
    (["rainbow-ring", "help", ""], ["check", "config", "export", "play", "render"]),
    (["rainbow-ring", "export", "--"], longNames(ExportCommand.specs)),
    (["rainbow-ring", "render", "--"], longNames(RenderCommand.specs)),
    (["rainbow-ring", "play", "--"], longNames(PlayCommand.specs)),
    (["rainbow-ring", "--dur"], ["--duration"]),
    (["rainbow-ring", "export", "--format", ""], ExportFormat.allCases.map(\.rawValue).sorted()),
    (["rainbow-ring", "render", "--gradient", "=", "c"], ["conic"]),
    (["rainbow-ring", "render", "--scene", "="], ["ring", "seed"]),
    (["rainbow-ring", "--graphics", "s"], ["sixel"]),
    (["rainbow-ring", "render", "--size", ""], []),
    (
      ["rainbow-ring", "render", "-o", "sub/"], ["sub/my *.gif", "sub/my ring.gif", "sub/ring.png"]
    ),
    (["rainbow-ring", "export", "--output", "sub/r"], ["sub/ring.png"]),
    (["rainbow-ring", "export", "-o", "sub/my"], ["sub/my *.gif", "sub/my ring.gif"]),
  ]

  /// bash runs the completion function as it would on Tab: COMP_WORDS and COMP_CWORD set.
  @Test(arguments: bashCases)
  func bashCompletes(words: [String], offered: [String]) throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
    // Names a split or a glob would break.
    for name in ["ring.png", "my ring.gif", "my *.gif"] {
      _ = FileManager.default.createFile(atPath: dir + "/sub/" + name, contents: Data())
    }
    let path = try Self.script(.bash, in: dir)
    let driver = """
      source "$1"; shift
      complete -p rainbow-ring >&2
      COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
      _rainbow_ring
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let run = try runProcess(
      try requiredTool("bash", package: "bash"),
      ["--norc", "--noprofile", "-c", driver, "bash", path] + words, directory: dir)
    #expect(run.status == 0, "exit \(run.status): \(run.stderr)")
    #expect(
      run.stderr == "complete -F _rainbow_ring rainbow-ring\n", "registered: \(run.stderr)")
    #expect(Self.lines(run.stdout).sorted() == offered, "\(words): \(Self.lines(run.stdout))")
  }

  static let fishCases: [(line: String, offered: [String])] = [
    ("rainbow-ring ", ["check", "config", "export", "help", "play", "render"]),
    ("rainbow-ring help ", ["check", "config", "export", "play", "render"]),
    ("rainbow-ring export --", longNames(ExportCommand.specs)),
    ("rainbow-ring render --", longNames(RenderCommand.specs)),
    ("rainbow-ring --dur", ["--duration"]),
    ("rainbow-ring export --format ", ExportFormat.allCases.map(\.rawValue).sorted()),
    ("rainbow-ring render --gradient c", ["conic"]),
    ("rainbow-ring render -o sub/", ["sub/my *.gif", "sub/my ring.gif", "sub/ring.png"]),
  ]

  /// fish's own `complete -C`, as Tab asks it.
  @Test(arguments: fishCases)
  func fishCompletes(line: String, offered: [String]) throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
    // Names a split or a glob would break.
    for name in ["ring.png", "my ring.gif", "my *.gif"] {
      _ = FileManager.default.createFile(atPath: dir + "/sub/" + name, contents: Data())
    }
    let path = try Self.script(.fish, in: dir)
    let run = try runProcess(
      try requiredTool("fish", package: "fish"),
      ["--no-config", "-c", "source $argv[1]; complete -C $argv[2]", path, line],
      environment: ["HOME": dir, "PATH": "/usr/bin:/bin"], directory: dir)
    #expect(run.status == 0, "exit \(run.status): \(run.stderr)")
    let names = Self.lines(run.stdout).map { String($0.split(separator: "\t").first ?? "") }
    #expect(names.sorted() == offered, "\(line): \(names)")
  }

  /// zsh: the `#compdef` line and an `_arguments` spec per spelling, with the value's
  /// choices or files.
  @Test func zshDeclaresOptionsWithTheirValues() {
    let text = CompletionShell.zsh.script(for: CommandLineTool.spec)
    #expect(text.hasPrefix("#compdef rainbow-ring\n"), "autoloadable from fpath")
    for expected in [
      "'(-o --output)-o+[", "'(-o --output)--output=[", ":file:_files'",
      ":format:(gif apng webp mp4 webm sprite-sheet frames rgba svg lottie dotlottie html null)'",
      ":kind:(axial radial conic)'",
      "'(--quiet --no-quiet)--no-quiet[Turn off --quiet.]'",
    ] {
      #expect(text.contains(expected), "zsh script holds \(expected)")
    }
  }

  @Test(arguments: [["--generate-completion-script"], ["--generate-completion-script", "tcsh"]])
  func anUnknownShellIsAUsageError(args: [String]) {
    let run = Captured(args)
    #expect(run.code == 64, "\(args): exit \(run.code)")
    #expect(
      run.err.hasPrefix(
        "Error: '--generate-completion-script' takes one of bash, zsh, fish.\n"),
      "\(args): \(run.err)")
  }
}
