import Foundation
import RainbowRing
import RingTestSupport
import Testing

@testable import RainbowRingCLI
@testable import RingCommandLine
@testable import RingCommands

/// Progress rings, palettes, ring files, presets and flash safety from the command line.
@Suite struct RingStyleCommandTests {
  /// Runs the tool in-process: exit status, standard output and error.
  static func tool(_ args: [String]) -> (code: Int32, out: [UInt8], err: String) {
    var out: [UInt8] = []
    var err = ""
    let console = Console(writeOut: { out += $0 }, writeErr: { err += $0 })
    let code = CommandLineTool.run(args, console: console)
    return (code, out, err)
  }

  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  func temporaryFolder() throws -> String {
    let dir = FileManager.default.temporaryDirectory
      .appendingPathComponent("ring-style-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
  }

  func contents(_ dir: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted()
  }

  /// The README's pictures of each style: each command makes its file byte for byte.
  static let pictureCommands: [[String]] = {
    let readme =
      (try? String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
    return readme.split(separator: "\n").filter {
      $0.hasPrefix("rainbow-ring render ") && $0.contains(" -o docs/styles/")
    }.map { line in
      // Split like a shell: words, with '...' quoting.
      var words: [String] = []
      var word = ""
      var quoted = false
      for ch in line.dropFirst("rainbow-ring ".count) {
        if ch == "'" {
          quoted.toggle()
        } else if ch == " " && !quoted {
          if !word.isEmpty { words.append(word) }
          word = ""
        } else {
          word.append(ch)
        }
      }
      words.append(word)
      return words
    }
  }()

  @Test func theReadmeShowsEveryStyle() {
    #expect(Self.pictureCommands.count >= 12, "README's picture commands")
  }

  @Test(arguments: pictureCommands)
  func readmePictureIsWhatItsCommandMakes(args: [String]) throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let target = args.last!
    let run = Self.tool(Array(args.dropLast()) + [dir + "/out.png"])
    #expect(run.code == 0, "\(args): \(run.err)")
    let made = try Data(contentsOf: URL(fileURLWithPath: dir + "/out.png"))
    let kept = try Data(contentsOf: Self.root.appendingPathComponent(target))
    #expect(made == kept, "\(target) is out of date: run the README's command again")
  }

  /// `config --print` writes a ring file that makes the same frame as the options did.
  @Test(arguments: [
    ["--preset", "activity", "--ring-width", "16"],
    ["--progress", "1.3", "--end-effect", "shadow", "--direction", "counterclockwise"],
    [
      "--colors", "#ff0000,#00ff00,#0000ff", "--locations", "0,0.2,1", "--interpolation", "oklch",
      "--step-duration", "0.5",
    ],
    ["--palette", "magma", "--gradient", "radial", "--scene", "seed"],
    ["--scale", "2.5", "--progress", "0.2", "--scene", "seed"],
  ])
  func printedConfigurationMakesTheSameFrame(options: [String]) throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let printed = Self.tool(["config", "--print"] + options)
    #expect(printed.code == 0, "\(printed.err)")
    try Data(printed.out).write(to: URL(fileURLWithPath: dir + "/ring.json"))
    let direct = Self.tool(["render", "--time", "1.1", "-o", dir + "/a.png"] + options)
    let viaFile = Self.tool(
      ["render", "--time", "1.1", "--config", dir + "/ring.json", "-o", dir + "/b.png"])
    #expect(direct.code == 0 && viaFile.code == 0, "\(direct.err) \(viaFile.err)")
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: dir + "/a.png"))
        == Data(contentsOf: URL(fileURLWithPath: dir + "/b.png")))
  }

  /// The command line overrides the ring file, which overrides the preset.
  @Test func commandLineOverridesFileOverridesPreset() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try Data(#"{"cap": "butt", "ring-width": 12}"#.utf8).write(
      to: URL(fileURLWithPath: dir + "/ring.json"))
    let run = Self.tool(
      [
        "config", "--print", "--preset", "activity", "--config", dir + "/ring.json", "--cap",
        "square",
      ])
    let text = String(decoding: run.out, as: UTF8.self)
    #expect(text.contains(#""cap": "square""#), "\(text)")
    #expect(text.contains(#""ring-width": 12"#), "\(text)")
    #expect(text.contains(#""palette": "activity""#), "\(text)")
  }

  /// The colours come from one source: a palette on the command line replaces a ring file's
  /// colour list (and its locations), a colour list a preset's palette.
  @Test func aPaletteReplacesAFilesColours() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try Data(##"{"colors": ["#ff0000", "#00ff00", "#0000ff"], "locations": [0, 0.2, 1]}"##.utf8)
      .write(to: URL(fileURLWithPath: dir + "/ring.json"))
    let viaFile = Self.tool(
      ["render", "--config", dir + "/ring.json", "--palette", "viridis", "-o", dir + "/a.png"])
    let direct = Self.tool(["render", "--palette", "viridis", "-o", dir + "/b.png"])
    #expect(viaFile.code == 0 && direct.code == 0, "\(viaFile.err)")
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: dir + "/a.png"))
        == Data(contentsOf: URL(fileURLWithPath: dir + "/b.png")))
    let printed = Self.tool([
      "config", "--print", "--preset", "activity", "--colors", "#000000,#ffffff",
    ])
    let text = String(decoding: printed.out, as: UTF8.self)
    #expect(!text.contains("palette") && text.contains("#ffffff"), "\(text)")
  }

  /// Options that would be ignored are refused: progress options without a progress arc, a
  /// still ring in a format that animates the flow, a track wider than the ring.
  @Test(arguments: [
    (["render", "--cap", "butt"], "needs progress"),
    (["render", "--track", "#ff0000"], "needs progress"),
    (["export", "--no-flow", "--format", "svg"], "--no-flow holds them still"),
    (["render", "--progress", "0.5", "--track-width", "5000"], "track-width"),
  ])
  func optionsThatWouldBeIgnoredAreRefused(args: [String], mentions: String) throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let out = dir + (args[0] == "render" ? "/ring.png" : "/ring.svg")
    let run = Self.tool(args + ["-o", out])
    #expect(run.code == 64, "\(args): \(run.err)")
    #expect(run.err.contains(mentions), "\(args): \(run.err)")
    #expect(contents(dir).isEmpty)
  }

  /// A flashing ring is refused by export and play (64, nothing written) unless
  /// --allow-flashing is given; render writes one still frame, which cannot flash.
  @Test(arguments: ["render", "export", "play"])
  func flashingRingsAreRefused(command: String) throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let out = dir + (command == "render" ? "/ring.png" : "/ring.gif")
    let fast =
      ["--step-duration", "0.005"]
      + (command == "play" ? ["--terminal", "--duration", "5"] : ["-o", out])
    let refused = Self.tool([command] + fast)
    if command == "render" {
      #expect(refused.code == 0, "a still frame is written: \(refused.err)")
      #expect(contents(dir) == ["ring.png"])
      return
    }
    #expect(refused.code == 64, "\(refused.err)")
    #expect(
      refused.err.contains("--allow-flashing") && refused.err.contains("WCAG")
        && refused.err.contains("--step-duration"), "\(refused.err)")
    #expect(contents(dir).isEmpty, "nothing written")
    guard command == "export" else { return }
    let allowed = Self.tool(
      [command] + fast + ["--allow-flashing", "--size", "40", "--ring-width", "5"])
    #expect(allowed.code == 0, "\(allowed.err)")
  }

  /// `check`: the seed passes (0), a ring 20 times faster fails (1).
  @Test(arguments: [([String](), Int32(0)), (["--step-duration", "0.005"], Int32(1))])
  func checkSaysWhetherTheRingFlashes(args: [String], code: Int32) {
    let run = Self.tool(["check", "--analysis-scale", "0.25"] + args)
    #expect(run.code == code, "\(run.err)")
    #expect(String(decoding: run.out, as: UTF8.self).contains("viewed from 24 cm"))
  }

  /// Bad style options are usage errors naming the option.
  @Test(
    arguments: [
      (["--progress", "-1"], "--progress"),
      (["--cap", "rund"], "Did you mean 'round'?"),
      (["--colors", "#ff0000,blue"], "--colors"),
      (["--locations", "0,2"], "--locations"),
      (["--palette", "viridls"], "Did you mean 'viridis'?"),
      (["--interpolation", "lab"], "--interpolation"),
      (["--preset", "activty"], "Did you mean 'activity'?"),
      (["--timing", "easy"], "--timing"),
      (["--track", "grey"], "--track"),
      (["--colors", "#000000,#ffffff", "--locations", "0.5,0.2"], "locations"),
      // Only spaces and tabs are trimmed from list items: hidden characters are refused.
      (["--colors", "#ff0000\u{200B},#00ff00"], "'#ff0000\\u{200b}' is not a colour"),
      (["--colors", "#000000,#ffffff", "--locations", "0,1\u{2003}"], "--locations"),
      (["--config", "/nonexistent/ring.json"], "/nonexistent/ring.json"),
    ] as [([String], String)])
  func badStyleOptionsAreUsageErrors(args: [String], mentions: String) throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let run = Self.tool(["render", "-o", dir + "/ring.png"] + args)
    #expect(run.code == 64, "\(args): \(run.err)")
    #expect(run.err.contains(mentions), "\(args): \(run.err)")
    #expect(contents(dir).isEmpty, "nothing written")
  }

  /// A ring file's mistakes: `FILE:LINE:COLUMN: message`, exit 64, nothing written.
  @Test(arguments: [
    (
      ##"{"size": 100, "colour": ["#fff"]}"##,
      #"ring.json:1:15: unknown key "colour"; did you mean "colors"?"#
    ),
    // The command line's rule: case, '-' and '_' ignored first.
    (
      #"{"ringWidth": 10}"#,
      #"ring.json:1:2: unknown key "ringWidth"; did you mean "ring-width"?"#
    ),
    (#"{"size": "big"}"#, #"ring.json:1:10: expected a number for "size", found a string"#),
    (#"{"size": 0}"#, "ring.json:1:10: size must be in 1...10000 points"),
    // null is not a way to ask for the default: leaving the key out is.
    (#"{"size": null}"#, #"ring.json:1:10: expected a number for "size", found null"#),
    (#"{"flow": null}"#, #"ring.json:1:10: expected true or false for "flow", found null"#),
    (#"{"colors": null}"#, #"ring.json:1:12: expected an array for "colors", found null"#),
    (
      #"{"cap": "rund"}"#,
      "ring.json:1:9: cap 'rund' is not one of butt, round, square; did you mean 'round'?"
    ),
    (
      #"{"progress": 0.5, "timing": "ease_in_out"}"#,
      "ring.json:1:29: timing 'ease_in_out' is not one of linear, ease-in, ease-out, ease-in-out, default; did you mean 'ease-in-out'?"
    ),
    (#"{"size": 100,}"#, "ring.json:1:13: a trailing comma is not allowed before '}'"),
    (#"{"start-point": [1]}"#, "ring.json:1:17: start-point must be [x, y]"),
    (##"{"colors": ["#ff0000", "blue"]}"##, "ring.json:1:24: 'blue' is not a colour"),
    ("[1, 2]", "ring.json:1:1: expected an object, found an array"),
    (#"{"flow": "yes"}"#, #"ring.json:1:10: expected true or false for "flow""#),
    (
      "{\n  \"size\": 120,\n  \"ring-width\": 100\n}",
      "ring.json:3:17: ring-width 100 must be at most half of size (60)"
    ),
    ("{\"scale\": 9}", "ring.json:1:11: scale must be in 1...4 pixels per point"),
    ("{\"size\": 1, // small\n}", "ring.json:1:13: comments are not allowed in JSON"),
    ("", "ring.json:1:1: the file is empty"),
    // A control character in a value stays escaped: the error is one line.
    (#"{"cap": "sq\nre"}"#, #"ring.json:1:9: cap 'sq\nre' is not one of butt, round, square"#),
  ])
  func ringFileMistakesArePlacedAndWriteNothing(text: String, message: String) throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let file = dir + "/ring.json"
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    let run = Self.tool(["render", "--config", file, "-o", dir + "/ring.png"])
    #expect(run.code == 64, "\(run.err)")
    #expect(run.err.hasPrefix("Error: \(dir)/\(message)"), "\(run.err)")
    #expect(contents(dir) == ["ring.json"], "nothing written")
  }

  /// Ring files that are not plain files: a folder is refused, an oversized stream is cut
  /// off at 1 MiB, and a pipe is read to its end.
  @Test func ringFilesThatAreNotPlainFiles() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let folder = Self.tool(["config", "--print", "--config", dir])
    #expect(folder.code == 64 && folder.err.contains("is a folder"), "\(folder.err)")
    let big = dir + "/big.json"
    try Data(("{\"size\": 100" + String(repeating: " ", count: 1 << 21) + "}").utf8).write(
      to: URL(fileURLWithPath: big))
    let large = Self.tool(["config", "--print", "--config", big])
    #expect(large.code == 64 && large.err.contains("at most 1048576 bytes"), "\(large.err)")
    let fifo = dir + "/ring.fifo"
    #expect(mkfifo(fifo, 0o600) == 0)
    let writer = Thread {
      let fd = open(fifo, O_WRONLY)
      let text = Array(#"{"progress": 0.5}"#.utf8)
      _ = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      close(fd)
    }
    writer.start()
    let piped = Self.tool(["config", "--print", "--config", fifo])
    #expect(piped.code == 0, "\(piped.err)")
    #expect(String(decoding: piped.out, as: UTF8.self).contains(#""progress": 0.5"#))
  }
}
