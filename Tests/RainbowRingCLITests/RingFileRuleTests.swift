import Foundation
import RainbowRing
import RingConfig
import RingTestSupport
import Testing

@testable import RainbowRingCLI
@testable import RingCommandLine
@testable import RingCommands

/// Ring files mean what the command line means: the same rules for how values fit
/// together, each refusal at the place of the value at fault, every error line visible.
@Suite struct RingFileRuleTests {
  static func tool(_ args: [String]) -> (code: Int32, out: [UInt8], err: String) {
    RingStyleCommandTests.tool(args)
  }

  func temporaryFolder() throws -> String {
    let dir = FileManager.default.temporaryDirectory
      .appendingPathComponent("ring-rules-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
  }

  func contents(_ dir: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted()
  }

  /// A command never writes over the ring file it reads, by its name, through a symlink or
  /// as a sprite sheet's frame map: refused as usage, the file kept as it was.
  @Test(arguments: [
    (["render", "-o"], "ring.png", "ring.png"),
    (["render", "-o"], "ring.svg", "ring.svg"),
    (["export", "-o"], "ring.json", "ring.json"),
    (["export", "-o"], "alias.json", "ring.json"),
    (["export", "--format", "sprite-sheet", "-o"], "ring.png", "ring.json"),
    (
      ["export", "--format", "frames", "--overwrite", "--fps", "5", "-o"], "fr",
      "fr/frame_00000.png"
    ),
    (["export", "--format", "frames", "--overwrite", "--fps", "5", "-o"], "fr", "linked"),
  ])
  func anOutputIsNeverTheRingFile(command: [String], output: String, config: String) throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let text = Data("{\"size\": 60}".utf8)
    if output == "fr" {
      try FileManager.default.createDirectory(
        atPath: dir + "/fr", withIntermediateDirectories: true)
    }
    try text.write(
      to: URL(fileURLWithPath: dir + "/" + (config == "linked" ? "ring.json" : config)))
    if config == "linked" {
      // A frame that is a hard link of the ring file.
      try FileManager.default.linkItem(
        atPath: dir + "/ring.json", toPath: dir + "/fr/frame_00003.png")
    }
    if output == "alias.json" {
      try FileManager.default.createSymbolicLink(
        atPath: dir + "/alias.json", withDestinationPath: "ring.json")
    }
    let run = Self.tool(
      ["\(command[0])", "--config", dir + "/" + (config == "linked" ? "ring.json" : config)]
        + command.dropFirst() + [dir + "/" + output]
    )
    #expect(run.code == 64, "\(command) \(output): \(run.err)")
    #expect(run.err.contains("is the ring file that --config reads"), "\(run.err)")
    let kept = dir + "/" + (config == "linked" ? "ring.json" : config)
    #expect(try Data(contentsOf: URL(fileURLWithPath: kept)) == text, "kept")
  }

  /// A vector file costs no pixels: any size and scale the ring accepts is written, with or
  /// without --no-limits, where a raster frame of it is refused.
  @Test(arguments: [["render", "-o", "big.svg"], ["export", "-o", "big.json", "--no-limits"]])
  func vectorFilesHaveNoPixelCap(command: [String]) throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    var args = command
    args[2] = dir + "/" + command[2]
    let run = Self.tool(args + ["--size", "10000", "--scale", "2"])
    #expect(run.code == 0, "\(command): \(run.err)")
    #expect(contents(dir) == [command[2]], "\(command)")
  }

  /// The caps that a ring file's values hit name the value's place: the frame's size, and
  /// a vector file's stops from the file's colours.
  @Test func capsNameTheRingFilesPlace() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let big = dir + "/big.json"
    try Data("{\"size\": 10000,\n \"scale\": 4}".utf8).write(to: URL(fileURLWithPath: big))
    for extra in [[], ["--no-limits"]] {
      let raster = Self.tool(["render", "--config", big, "-o", dir + "/x.png"] + extra)
      #expect(raster.code == 64, "\(raster.err)")
      #expect(
        raster.err.hasPrefix("Error: \(big):1:10: A 40000x40000-pixel frame exceeds the cap"),
        "\(raster.err)")
      #expect(raster.err.contains("--no-limits") == extra.isEmpty, "\(raster.err)")
    }
    let many = dir + "/many.json"
    let colors = (0..<1500).map { "\"#\(String(format: "%06x", $0 * 11))\"" }
    try Data("{\"colors\": [\(colors.joined(separator: ","))]}".utf8).write(
      to: URL(fileURLWithPath: many))
    let vector = Self.tool(["export", "--config", many, "-o", dir + "/x.svg"])
    #expect(vector.code == 64, "\(vector.err)")
    #expect(
      vector.err.hasPrefix("Error: \(many):1:12: An SVG file of 1500 gradient stops"),
      "\(vector.err)")
    #expect(contents(dir) == ["big.json", "many.json"], "nothing written")
  }

  /// A colour list gives every colour: beside it a palette or a hue step, from the same
  /// command line or the same file, would be silently ignored, so it is refused; from a
  /// preset or another source, one replaces the other.
  @Test(arguments: ["palette", "hue-step"])
  func aColourListStandsAlone(other: String) throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let value = other == "palette" ? ("viridis", #""viridis""#) : ("10", "10")
    let line = Self.tool(
      ["render", "--\(other)", value.0, "--colors", "#000000,#ffffff", "-o", dir + "/x.png"])
    #expect(line.code == 64 && line.err.contains("cannot be used together"), "\(line.err)")
    let file = dir + "/ring.json"
    try Data("{\"colors\": [\"#000000\", \"#ffffff\"],\n \"\(other)\": \(value.1)}".utf8).write(
      to: URL(fileURLWithPath: file))
    let fromFile = Self.tool(["render", "--config", file, "-o", dir + "/x.png"])
    #expect(fromFile.code == 64, "\(fromFile.err)")
    #expect(
      fromFile.err.hasPrefix("Error: \(file):2:\(other.count + 6): \(other) has no effect"),
      "\(fromFile.err)")
    #expect(contents(dir) == ["ring.json"], "nothing written")
    let replaced = Self.tool(
      ["render", "--preset", "viridis", "--colors", "#000000,#ffffff", "-o", dir + "/x.png"])
    #expect(replaced.code == 0, "\(replaced.err)")
  }

  /// A sprite sheet too large for one image names the options that help: the length's own
  /// option, and another grid only when the frames alone would fit.
  @Test(arguments: [
    (["--scale", "4", "--loops", "3"], "--loops", false),
    (["--size", "2800", "--scale", "2", "--fps", "7", "--duration", "1"], "--duration", true),
  ])
  func spriteSheetCapsNameWhatHelps(args: [String], length: String, columns: Bool) {
    do throws(RingError) {
      _ = try ExportCommand.makePlan(
        args + ["--format", "sprite-sheet", "-o", "/nonexistent/sheet.png"])
      Issue.record("\(args): planned")
    } catch {
      #expect(error.message.contains("sprite sheet"), "\(error.message)")
      #expect(error.message.contains(length), "\(error.message)")
      #expect(error.message.contains("--columns") == columns, "\(error.message)")
    }
  }

  /// A value each progress key accepts, as JSON and as a command-line value.
  static let progressValues: [String: (json: String, option: String)] = [
    "start-angle": ("0", "0"), "direction": (#""counterclockwise""#, "counterclockwise"),
    "cap": (#""butt""#, "butt"), "track": (##""#808080""##, "#808080"),
    "track-width": ("4", "4"), "end-effect": (#""glow""#, "glow"),
    "progress-from": ("0.25", "0.25"), "progress-duration": ("2", "2"),
    "progress-delay": ("1", "1"), "timing": (#""linear""#, "linear"),
  ]

  @Test func everyProgressKeyHasAValue() {
    #expect(Set(Self.progressValues.keys) == Set(RingConfiguration.progressKeys))
  }

  /// A progress key without `progress` is refused alike from a ring file (at the key's
  /// value), from the command line (naming the option) and in the library (with the key);
  /// with `progress` anywhere (file, command line or preset) it is accepted.
  @Test(arguments: RingConfiguration.progressKeys)
  func progressKeysNeedProgressWherever(key: String) throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let value = try #require(Self.progressValues[key])
    let file = dir + "/ring.json"
    try Data("{\n  \"size\": 100,\n  \"\(key)\": \(value.json)\n}".utf8).write(
      to: URL(fileURLWithPath: file))
    let column = key.count + 7  // after `  "KEY": `
    for command in ["render", "config"] {
      let args = command == "render" ? ["-o", dir + "/ring.png"] : ["--print"]
      let fromFile = Self.tool([command, "--config", file] + args)
      #expect(fromFile.code == 64, "\(key): \(fromFile.err)")
      #expect(
        fromFile.err.hasPrefix("Error: \(file):3:\(column): \(key) shapes a progress arc"),
        "\(key): \(fromFile.err)")
      let fromLine = Self.tool([command, "--\(key)", value.option] + args)
      #expect(fromLine.code == 64, "\(key): \(fromLine.err)")
      #expect(
        fromLine.err.hasPrefix("Error: '--\(key)' shapes a progress arc"), "\(key): \(fromLine.err)"
      )
    }
    #expect(contents(dir) == ["ring.json"], "nothing written")
    for accepted in [
      ["--config", file, "--progress", "0.5"], ["--config", file, "--preset", "progress"],
      ["--preset", "activity", "--\(key)", value.option],
    ] {
      let run = Self.tool(["config", "--print"] + accepted)
      #expect(run.code == 0, "\(accepted): \(run.err)")
    }
    let decoded = try RingFile.decode(Array("{\"\(key)\": \(value.json)}".utf8), file: "r.json")
    #expect(throws: RingError.self, "\(key) without progress in the library") {
      try decoded.checkFit()
    }
    do {
      _ = try decoded.makeRing()
      Issue.record("\(key) without progress made a ring")
    } catch let error as RingError {
      #expect(error.key == key, "the library's error names \(key): \(error)")
    }
  }

  /// Values that do not fit together are refused at the place of the value given by the
  /// latest source (command line over ring file over preset over default), whichever
  /// source that is: a ring file, a preset, or (naming the option) the command line; a
  /// constrained value left at its default is called the default.
  @Test(arguments: [
    (
      #"{"size": 100, "progress": 0.5, "track-width": 90}"#, [String](),
      "ring.json:1:47: track-width 90 must be at most 80 points"
    ),
    (
      #"{"progress": 0.5, "track-width": 150}"#, ["--size", "100"],
      "'--size': track-width 150 must be at most 80 points"
    ),
    (
      #"{"progress": 0.5, "size": 100, "track-width": 150}"#, [String](),
      "ring.json:1:47: track-width 150 must be at most 80 points"
    ),
    (#"{"ring-width": 40}"#, ["--size", "60"], "'--size': ring-width 40 must be at most half"),
    (#"{"size": 60}"#, ["--ring-width", "40"], "'--ring-width' 40 must be at most half"),
    (
      #"{"size": 50}"#, ["--preset", "activity"],
      "ring.json:1:10: ring-width 28 must be at most half of size (25)"
    ),
    // The default ring-width is not blamed: the size that does not hold it is.
    (
      #"{"size": 10}"#, [String](),
      "ring.json:1:10: ring-width 20, the default, must be at most half of size (5)"
    ),
    (#"{}"#, ["--size", "10"], "'--size': ring-width 20, the default, must be at most half"),
    (
      #"{}"#, ["--preset", "progress", "--size", "10"],
      "'--size': ring-width 20, the default, must be at most half"
    ),
    (
      #"{"locations": [0, 0.5, 1]}"#, ["--hue-step", "90"],
      "'--hue-step': locations must hold one position per colour: 3 for 5 colours"
    ),
    (
      #"{"locations": [0, 0.5, 1], "hue-step": 90}"#, [String](),
      "ring.json:1:15: locations must hold one position per colour: 3 for 5 colours"
    ),
    (
      #"{"hue-step": 90}"#, ["--locations", "0,0.5,1"],
      "'--locations' must hold one position per colour: 3 for 5 colours"
    ),
    (
      ##"{"colors": ["#000000", "#ffffff"], "locations": [0.5, 0.2]}"##, [String](),
      "ring.json:1:49: locations must not decrease"
    ),
    (
      #"{"progress": 0.5, "track-width": 150}"#, ["--size", "100", "--track-width", "95"],
      "'--track-width' 95 must be at most 80 points"
    ),
  ])
  func misfitsArePlacedAtTheValueAtFault(file text: String, options: [String], message: String)
    throws
  {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let file = dir + "/ring.json"
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    let run = Self.tool(["render", "--config", file, "-o", dir + "/ring.png"] + options)
    #expect(run.code == 64, "\(run.err)")
    let expected = message.hasPrefix("ring.json") ? "\(dir)/\(message)" : message
    #expect(run.err.hasPrefix("Error: \(expected)"), "\(run.err)")
    #expect(contents(dir) == ["ring.json"], "nothing written")
  }

  /// Each command that reads a ring blames the size a ring file gives, not the default
  /// ring-width it cannot hold.
  @Test(arguments: [["config", "--print"], ["check"], ["render", "-o", "DIR/ring.png"]])
  func aDefaultIsNotBlamedByAnyCommand(args: [String]) throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let file = dir + "/s10.json"
    try Data(#"{"size": 10}"#.utf8).write(to: URL(fileURLWithPath: file))
    let run = Self.tool(
      args.map { $0.replacingOccurrences(of: "DIR", with: dir) } + ["--config", file])
    #expect(run.code == 64, "\(args): \(run.err)")
    #expect(
      run.err.hasPrefix(
        "Error: \(file):1:10: ring-width 20, the default, must be at most half of size (5)"),
      "\(args): \(run.err)")
    #expect(!run.err.contains("--ring-width"), "\(args): \(run.err)")
  }

  /// An export's own rules about the ring's values (a still ring in a format that animates
  /// its flow, a background the format cannot carry) name the ring file's or preset's place.
  @Test(arguments: [
    (#"{"flow": false}"#, "ring.svg", [String](), #"ring.json:1:10: svg animates"#),
    (#"{}"#, "ring.svg", ["--preset", "activity"], #"preset 'activity': svg animates"#),
    (##"{"background": "#ff000080"}"##, "ring.gif", [], #"ring.json:1:16: "background""#),
    (#"{"background": "transparent"}"#, "ring.mp4", [], #"ring.json:1:16: "background""#),
    // A vector format's refusals name the place of the value at fault.
    (#"{"gradient": "conic"}"#, "ring.svg", [], "ring.json:1:14: SVG has no conic gradient"),
    (#"{"progress": 0.5}"#, "ring.svg", [], "ring.json:1:14: SVG does not hold progress rings"),
    (#"{"progress": 0.5}"#, "lottie.json", [], "ring.json:1:14: Lottie does not hold progress"),
    (
      #"{"gradient": "radial", "end-point": [1, 0.8]}"#, "lottie.json", [],
      "ring.json:1:37: Lottie's radial gradients are circles"
    ),
    (#"{}"#, "ring.svg", ["--preset", "viridis"], "preset 'viridis': SVG has no conic"),
    (#"{}"#, "ring.svg", ["--preset", "viridis", "--gradient", "conic"], "SVG has no conic"),
    // A preset is spelled as its options, not as a ring file's keys.
    (
      #"{}"#, "lottie.json", ["--preset", "activity"],
      "preset 'activity': lottie animates the colours' flow, and --no-flow holds them still"
    ),
  ])
  func exportRulesNameTheFilesPlace(
    file text: String, output: String, options: [String], message: String
  )
    throws
  {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let file = dir + "/ring.json"
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    let run = Self.tool(["export", "--config", file, "-o", dir + "/" + output] + options)
    #expect(run.code == 64, "\(run.err)")
    let expected = message.hasPrefix("ring.json") ? "\(dir)/\(message)" : message
    #expect(run.err.hasPrefix("Error: \(expected)"), "\(run.err)")
    #expect(contents(dir) == ["ring.json"], "nothing written")
  }

  /// `render` to SVG names the ring file's place of a value SVG cannot draw.
  @Test func renderToSVGNamesTheFilesPlace() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let file = dir + "/ring.json"
    try Data(#"{"progress": 0.5}"#.utf8).write(to: URL(fileURLWithPath: file))
    let run = Self.tool(["render", "--config", file, "-o", dir + "/ring.svg"])
    #expect(run.code == 64, "\(run.err)")
    #expect(
      run.err.hasPrefix("Error: \(file):1:14: SVG does not hold progress rings"), "\(run.err)")
    #expect(contents(dir) == ["ring.json"], "nothing written")
  }

  /// A value error about a file's value names its place: 95,000 colours.
  @Test func tooManyColoursArePlaced() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let file = dir + "/ring.json"
    let list = Array(repeating: ##""#ff0000""##, count: 95_000).joined(separator: ",")
    try Data("{\"colors\": [\(list)]}".utf8).write(to: URL(fileURLWithPath: file))
    let run = Self.tool(["render", "--config", file, "-o", dir + "/ring.png"])
    #expect(run.code == 64, "\(run.err)")
    #expect(
      run.err.hasPrefix("Error: \(file):1:12: colors holds at most 65536 colours, not 95000"),
      "\(run.err)")
    let line = Self.tool(
      [
        "config", "--print", "--colors",
        Array(repeating: "#ff0000", count: 70_000).joined(separator: ","),
      ])
    #expect(line.code == 64 && line.err.contains("'--colors' holds at most 65536"), "\(line.err)")
  }

  /// Characters that draw nothing or reorder a line, typed in an option's value or a ring
  /// file's key or value, reach the error line escaped: one visible line.
  @Test(arguments: [
    "\u{200B}", "\u{202E}", "\u{2066}", "\u{061C}", "\u{FEFF}", "\u{85}", "\u{2028}",
    "\u{2029}", "\u{1B}", "\u{E0041}", "\u{00A0}", "\u{180E}", "\u{3164}",
  ])
  func hiddenCharactersAreEscapedInErrorLines(hidden: String) throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let file = dir + "/ring.json"
    func isHidden(_ s: Unicode.Scalar) -> Bool {
      switch s.properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator: return s != "\n"
      case .spaceSeparator: return s != " "
      default: return s.properties.isDefaultIgnorableCodePoint
      }
    }
    let runs = [
      (#"{"cap": "ro\#(hidden)und"}"#, ["render", "--config", file, "-o", dir + "/a.png"]),
      (#"{"c\#(hidden)ap": "round"}"#, ["render", "--config", file, "-o", dir + "/a.png"]),
      ("{}", ["render", "--cap", "ro\(hidden)und", "-o", dir + "/a.png"]),
      ("{}", ["render", "--c\(hidden)ap", "round", "-o", dir + "/a.png"]),
      ("{}", ["export", "--timing", "x\(hidden)", "--progress", "1", "-o", dir + "/a.gif"]),
      ("{}", ["render", "--config", dir + "/no\(hidden)ne.json", "-o", dir + "/a.png"]),
    ]
    for (text, args) in runs {
      try Data(text.utf8).write(to: URL(fileURLWithPath: file))
      let run = Self.tool(args)
      #expect(run.code == 64, "\(args): \(run.err)")
      let first = run.err.split(separator: "\n", omittingEmptySubsequences: false)[0]
      #expect(
        !run.err.unicodeScalars.contains(where: isHidden),
        "U+\(String(hidden.unicodeScalars.first!.value, radix: 16)) raw in: \(first)")
      #expect(
        run.err.split(separator: "\n").count == 3, "one error line, the usage and the help line")
      #expect(first.contains("\\u"), "the escape is shown: \(first)")
    }
  }

  /// Suggestions and the names an error lists come from what the help shows: every name a
  /// ring option accepts is in its help, and a near miss lists only those.
  @Test(arguments: RingConfiguration.choices.keys.sorted())
  func acceptedNamesAreTheOnesTheHelpLists(key: String) throws {
    let spec = try #require(RingOptions.specs.first { $0.name == key })
    for name in RingConfiguration.choices[key]! {
      #expect(spec.help.contains(name), "--\(key) accepts '\(name)', which its help does not show")
    }
  }

  @Test func aNearMissOfTimingListsTheHelpsNames() {
    let run = Self.tool(["config", "--print", "--progress", "1", "--timing", "ease"])
    #expect(run.code == 64, "\(run.err)")
    #expect(
      run.err.contains("expected one of linear, ease-in, ease-out, ease-in-out, default."),
      "\(run.err)")
    #expect(!run.err.contains("easeIn"), "\(run.err)")
  }

  /// The frame cap's refusal names the ring file's place of the size (or scale) it read.
  @Test(arguments: ["render", "export", "config", "check"])
  func theFrameCapNamesTheFilesPlace(command: String) throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let file = dir + "/ring.json"
    try Data(#"{"size": 5000}"#.utf8).write(to: URL(fileURLWithPath: file))
    let output = ["render": ["-o", dir + "/a.png"], "export": ["-o", dir + "/a.gif"]]
    let run = Self.tool(
      [command, "--config", file, "--scale", "2"] + (output[command] ?? [])
        + (command == "config" ? ["--print"] : []))
    #expect(run.code == 64, "\(command): \(run.err)")
    #expect(
      run.err.hasPrefix("Error: \(file):1:10: A 10000x10000-pixel frame exceeds the cap"),
      "\(command): \(run.err)")
    #expect(contents(dir) == ["ring.json"], "nothing written")
  }

  /// `play` shows a ring file's scene as it shows `--scene`.
  @Test(arguments: ["seed", "ring"])
  func playTakesTheFilesScene(scene: String) throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let file = dir + "/ring.json"
    try Data(#"{"scene": "\#(scene)"}"#.utf8).write(to: URL(fileURLWithPath: file))
    let fromFile = try PlayCommand.makePlan(["--config", file]).plan
    let fromLine = try PlayCommand.makePlan(["--scene", scene]).plan
    #expect(fromFile?.scene != nil && fromFile?.scene == fromLine?.scene, "\(scene)")
  }

  /// `config` takes `--no-limits`, which lifts the frame cap the other commands apply.
  @Test func configTakesNoLimits() {
    let big = ["config", "--print", "--size", "5000", "--scale", "2"]
    let capped = Self.tool(big)
    #expect(capped.code == 64 && capped.err.contains("--no-limits"), "\(capped.err)")
    let render = Self.tool(["render", "-o", "/nonexistent/ring.png"] + big.dropFirst(2))
    #expect(
      render.err.split(separator: "\n").first == capped.err.split(separator: "\n").first,
      "the same refusal as render: \(render.err)")
    let lifted = Self.tool(big + ["--no-limits"])
    #expect(lifted.code == 0, "\(lifted.err)")
    #expect(
      ConfigCommand.command.help.contains("  --no-limits  ")
        && !ConfigCommand.command.help.contains("[no-]no-"),
      "config's help shows --no-limits as a plain flag")
  }
}
