import Foundation
import RainbowRing
import RingCommandLine
import RingCommands
import RingConfig
import RingExport
import RingFlash

/// The options every frame-making command shares, and their conversion to a ring and scene.
enum RingOptions {
  static let specs: [OptionSpec] =
    [
      OptionSpec(
        "time", value: "seconds", help: "Time since the ring appeared, in seconds.", default: "0")
    ]
    + RingConfiguration.options.map(spec)
    + [
      OptionSpec(
        "allow-flashing",
        help:
          "Accept a ring that flashes more than 3 times a second (WCAG 2.3.1; see 'rainbow-ring check')."
      ),
      OptionSpec(
        "config", value: "file",
        help:
          "Read options from a JSON ring file ('-' reads standard input); options on the command line override it.",
        completion: .file),
      OptionSpec(
        "preset", value: "name",
        help: "Start from a named ring: \(RingPresets.names.joined(separator: ", ")).",
        completion: .choices(RingPresets.names)),
    ]

  /// `--name x,y` with both numbers in `range`.
  static func point(_ args: ParsedArguments, _ name: String, within range: ClosedRange<Double>)
    throws(RingError) -> Point
  {
    let text = args[name] ?? ""
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 2, let x = NumberText.decimal(parts[0]),
      let y = NumberText.decimal(parts[1]), range.contains(x), range.contains(y)
    else {
      throw RingError.usage(
        "The value '\(text)' is invalid for '--\(name)': expected x,y with numbers in \(range.plainText)."
      )
    }
    return Point(x: x, y: y)
  }

  /// The configuration the options describe: a preset's, then a ring file's, then the
  /// command line's, each overriding the one before.
  static func configuration(_ args: ParsedArguments) throws(RingError) -> RingConfiguration {
    try sourcedConfiguration(args).configuration
  }

  /// `configuration(_:)` with where each value that came from elsewhere than the command
  /// line stands, by key: `FILE:LINE:COLUMN` in the ring file, or `preset 'NAME'`. The
  /// merged configuration is checked (`RingConfiguration.checkFit()`), and a misfit is
  /// refused at the place of the value at fault.
  static func sourcedConfiguration(_ args: ParsedArguments) throws(RingError)
    -> SourcedConfiguration
  {
    if let known = args.memo[SourcedConfiguration.self] { return known }
    var base = RingConfiguration()
    var positions: [String: String] = [:]
    // Which source gave each key, later ones higher: for a misfit, the latest is at fault.
    var order: [String: Int] = [:]
    if let name = args["preset"] {
      guard let preset = RingPresets.named(name) else {
        let near = Suggestion.nearest(to: name, among: RingPresets.names).map {
          " Did you mean '\($0)'?"
        }
        throw RingError.usage(
          "The value '\(name)' is invalid for '--preset': expected one of \(RingPresets.names.joined(separator: ", "))."
            + (near ?? ""))
      }
      base = preset
      for key in RingConfiguration.keys where preset.sets(key) {
        positions[key] = "preset '\(name)'"
        order[key] = 1
      }
    }
    if let path = args["config"] {
      let file = try ringFile(path)
      base = base.overridden(by: file.configuration)
      positions.merge(file.positions) { _, place in place }
      for key in file.positions.keys { order[key] = 2 }
    }
    for key in RingConfiguration.keys where args.has(key) || args.flag(key) != nil {
      positions[key] = nil
      order[key] = 3
    }
    let configuration = base.overridden(by: try fromArguments(args))
    do {
      try configuration.checkFit(order: order)
    } catch {
      throw RingError.usage(sentence(error, positions: positions))
    }
    let result = (configuration, positions)
    args.memo[SourcedConfiguration.self] = result
    return result
  }

  /// A configuration with where each value that came from elsewhere than the command line
  /// stands, by key.
  typealias SourcedConfiguration = (configuration: RingConfiguration, positions: [String: String])

  /// The caps the arguments ask for (`Limits.from(_:)`), with where a ring file or preset
  /// gave the frame's size and the colours, for the refusals.
  static func limits(_ args: ParsedArguments) -> Limits {
    var limits = Limits.from(args)
    if args.has("loops") { limits.lengthOption = "--loops" }
    guard let sourced = args.memo[SourcedConfiguration.self] else { return limits }
    let positions = sourced.positions
    limits.framePlace = (positions["size"] ?? positions["scale"]).map { "\($0): " } ?? ""
    let e = sourced.configuration.effective
    limits.colorSource = e.colors != nil ? .colors : e.palette == "rainbow" ? .hueStep : .palette
    let colorKey =
      switch limits.colorSource {
      case .hueStep: "hue-step"
      case .colors: "colors"
      case .palette: "palette"
      }
    limits.colorPlace = positions[colorKey].map { "\($0): " } ?? ""
    return limits
  }

  /// Refuses to write any of `outputs` over the ring file `--config` read (the same file
  /// by any name, through links): the command would replace its own input.
  static func checkOutputs(_ outputs: [String], keep args: ParsedArguments) throws(RingError) {
    guard let config = args["config"] else { return }
    // Standard input is the file it was opened from (`< ring.json`).
    let input = config == "-" ? "/dev/stdin" : config
    for output in outputs where output != "-" && OutputFile.sameFile(input, output) {
      throw RingError.usage(
        "The output '\(output)' is the ring file that --config reads; write to another file.")
    }
  }

  /// The ring file at `path` with its values' places; `-` reads standard input (as
  /// `<stdin>`), which must not be a terminal.
  static func ringFile(_ path: String) throws(RingError) -> (
    configuration: RingConfiguration, positions: [String: String]
  ) {
    do throws(RingError) {
      guard path == "-" else { return try RingFile.readWithPositions(path) }
      guard isatty(STDIN_FILENO) == 0 else {
        throw RingError(
          .invalidConfiguration,
          "'--config -' reads a ring file from standard input, which is a terminal: pipe or redirect one, as in --config - < ring.json"
        )
      }
      return try RingFile.readWithPositions(STDIN_FILENO, name: "<stdin>")
    } catch {
      throw RingError.usage(error.message)
    }
  }

  /// Where `key`'s value came from when not from the command line: its place (a ring
  /// file's `FILE:LINE:COLUMN`, or `preset 'NAME'`) and how it is spelled there
  /// (`"flow": false` in a ring file, `--no-flow` for a preset); `nil` when the command
  /// line set it or nothing did.
  static func source(of key: String, _ args: ParsedArguments) throws(RingError) -> (
    place: String, spelled: String
  )? {
    let (configuration, positions) = try sourcedConfiguration(args)
    guard let place = positions[key], let value = configuration.jsonValue(forKey: key) else {
      return nil
    }
    guard args["preset"].map({ place == "preset '\($0)'" }) == true else {
      return (place, "\"\(key)\": \(value)")
    }
    // A preset is spelled as its options, not as a ring file's keys.
    switch value {
    case "true": return (place, "--\(key)")
    case "false": return (place, "--no-\(key)")
    default:
      let bare = value.hasPrefix("\"") ? String(value.dropFirst().dropLast()) : value
      return (place, "--\(key) \(bare)")
    }
  }

  /// A library error about the ring that cannot be written (an export format's refusal)
  /// as a sentence: after the place of the value its `key` names when a ring file or a
  /// preset gave that value, else as it stands.
  static func placed(_ error: RingError, _ args: ParsedArguments) throws(RingError) -> String {
    let sentence = error.message.hasSuffix(".") ? error.message : error.message + "."
    guard let key = error.key, let place = try sourcedConfiguration(args).positions[key] else {
      return sentence
    }
    return "\(place): \(sentence)"
  }

  /// A library error about the configuration as a sentence for the command line: at the
  /// place of the value at fault (its `key`) when that came from a ring file or a preset,
  /// else naming the option.
  static func sentence(_ error: RingError, positions: [String: String]) -> String {
    if let key = error.key, let place = positions[key] { return "\(place): \(error.message)" }
    return sentence(error.message, key: error.key)
  }

  /// A ring option as the command line declares it: `--key <value>`, or `--[no-]key` for a
  /// flag, completing its names (or the named colours).
  static func spec(_ option: RingOption) -> OptionSpec {
    let completion: ValueCompletion? =
      switch option.value {
      case .names(let names): .choices(names)
      case .color: .namedColors
      default: nil
      }
    return OptionSpec(
      option.key, value: option.valueName, help: option.help,
      default: option.defaultDescription, invertible: option.valueName == nil,
      completion: completion)
  }

  /// The fields the command line sets, each checked against its option's declaration.
  static func fromArguments(_ args: ParsedArguments) throws(RingError) -> RingConfiguration {
    // A colour list is the whole palette: beside it, either would be silently ignored.
    for other in ["palette", "hue-step"] where args.has("colors") && args.has(other) {
      throw RingError.usage(
        "The options '--\(other)' and '--colors' cannot be used together: --colors gives every colour."
      )
    }
    var c = RingConfiguration()
    for option in RingConfiguration.options {
      c.set(option, to: try given(option, args))
    }
    return c
  }

  /// The value `args` give `option`, checked, or `nil` when they give none.
  static func given(_ option: RingOption, _ args: ParsedArguments) throws(RingError)
    -> RingOption.Given?
  {
    let key = option.key
    if case .flag = option.value { return args.flag(key).map { .flag($0) } }
    guard let text = args[key] else { return nil }
    switch option.value {
    case .flag: return nil
    case .number(let range, let unit):
      return .number(try OptionValue.number(args, key, default: 0, range: range, unit: unit))
    case .names(let names):
      return .text(try OptionValue.choice(args, key, names.map { ($0, $0) }, default: text))
    case .text(let maximumLength):
      if let problem = RingOption.problem(withText: text, maximumLength: maximumLength) {
        throw RingError.usage("The value for '--\(key)' is invalid: it \(problem).")
      }
      return .text(text)
    case .color:
      guard RGBAColor(parsing: text) != nil else {
        throw RingError.usage(
          "The value '\(text)' is invalid for '--\(key)': expected transparent, white, black, #RRGGBB or #RRGGBBAA."
        )
      }
      return .text(text)
    case .colors:
      let list = text.split(separator: ",", omittingEmptySubsequences: false).map(trimmed)
      for item in list where RGBAColor(parsing: item) == nil {
        throw RingError.usage(
          "The value '\(text)' is invalid for '--\(key)': '\(item)' is not a colour (expected #RRGGBB or #RRGGBBAA, comma-separated)."
        )
      }
      return .texts(list)
    case .numbers(let range, count: 2):
      let p = try point(args, key, within: range)
      return .numbers([p.x, p.y])
    case .numbers(let range, _):
      let list = text.split(separator: ",", omittingEmptySubsequences: false).map {
        NumberText.decimal(trimmed($0))
      }
      guard list.allSatisfy({ $0 != nil && range.contains($0!) }) else {
        throw RingError.usage(
          "The value '\(text)' is invalid for '--\(key)': expected comma-separated numbers in \(range.plainText)."
        )
      }
      return .numbers(list.map { $0! })
    }
  }

  /// The ring the options describe.
  static func ring(_ args: ParsedArguments) throws(RingError) -> RainbowRing {
    let (config, positions) = try sourcedConfiguration(args)
    do {
      return try config.makeRing()
    } catch let error as RingError {
      throw RingError.usage(sentence(error, positions: positions))
    } catch {
      throw RingError.usage("\(error)")
    }
  }

  /// Refuses what `checks` (the ways one output is shown, made only when needed) show
  /// flashing more than WCAG 2.3.1 allows (`FlashCheck.worst(of:)`), naming the showing and
  /// the options that cause it, unless `--allow-flashing`; their cost together is capped
  /// first (`Limits.check(flash:)`), the search for causes within what is left.
  /// `playsOnce` says whether `--loop-count 1` can be advised (the output takes it).
  static func refuseFlashing(
    _ args: ParsedArguments, playsOnce: Bool = true, _ makeChecks: () throws -> [FlashCheck]
  ) throws(RingError) {
    guard !args.has("allow-flashing") else { return }
    try refuseFlashing(limits: limits(args), playsOnce: playsOnce, makeChecks)
  }

  /// `refuseFlashing(_:_:)` within `limits`, flashing not allowed: for a check made when
  /// the output is known (a terminal's colours, found as the player starts).
  static func refuseFlashing(
    limits: Limits, playsOnce: Bool = true, _ makeChecks: () throws -> [FlashCheck]
  ) throws(RingError) {
    let checks: [FlashCheck]
    do {
      checks = try makeChecks()
    } catch {
      throw RingError.usage(CommandExit.describe(error))
    }
    guard !checks.isEmpty else { return }
    let skip = "pass --allow-flashing to skip the check"
    try limits.check(
      flash: checks, reduceMemory: skip, reduceWork: "lower --duration, or " + skip)
    let review: (check: FlashCheck, verdict: FlashVerdict, causes: [FlashCause], complete: Bool)
    do {
      review = try FlashCheck.review(checks, withinPixels: limits.flashPixels)
    } catch {
      throw RingError.usage(CommandExit.describe(error))
    }
    guard !review.verdict.passes else { return }
    throw RingError.usage(
      flashingMessage(
        review.verdict, causes: review.causes, check: review.check, of: checks.count,
        colors: limits.colorSource, playsOnce: playsOnce))
  }

  /// "This ring flashes 5.5 times a second, ...": a failed verdict, what causes it and what
  /// to do, on one line.
  static func flashingMessage(
    _ verdict: FlashVerdict, causes: [FlashCause], check: FlashCheck, of showings: Int = 1,
    colors: Limits.ColorSource = .colors, playsOnce: Bool = true
  ) -> String {
    let rate = verdict.flashesPerSecond
    // One pixel's flashes are counted up to 6; a rate over an area is counted in full.
    let areaRate = max(
      verdict.analysis.generalFlashesPerSecond, verdict.analysis.redFlashesPerSecond)
    let capped = rate >= 6 && rate > areaRate ? " or more" : ""
    var over =
      check.backdrops.count > 1 ? " over " + FlashCheck.name(ofBackdrop: verdict.backdrop) : ""
    if showings > 1 { over += " " + shownAt(check.showing, of: check.scene.ring) }
    let flows = check.scene.ring.flows
    let advice = causes.map {
      RingOptions.advice(for: $0, flows: flows, colors: colors, playsOnce: playsOnce)
    }
    .joined(separator: "; ")
    return
      "This ring flashes \(String(format: "%.1f", rate))\(capped) times a second\(over), over WCAG 2.3.1's limit of 3 (a risk for people with photosensitive epilepsy): \(advice.isEmpty ? "slow it down" : advice); or pass --allow-flashing to make it anyway. See 'rainbow-ring check'."
  }

  /// "drawn at 144 frames a second", "on the flow's step boundaries (250 a second)" or "as
  /// the file's frames": which of the showings of `ring` a verdict is about.
  static func shownAt(_ showing: FlashShowing, of ring: RainbowRing) -> String {
    switch showing {
    case .still: return "as a still frame"
    case .live(let rate, _) where showing.isOnStepBoundaries(of: ring):
      return "on the flow's step boundaries (\(String(format: "%g", rate)) a second)"
    case .live(let rate, _): return "drawn at \(String(format: "%g", rate)) frames a second"
    case .file: return "as the file's frames"
    }
  }

  /// "the file's frames, drawn at 60, 120 and 240 frames a second, and on the flow's step
  /// boundaries": the showings of `ring` checked.
  static func showingsChecked(_ showings: [FlashShowing], of ring: RainbowRing) -> String {
    var parts: [String] = []
    if showings.contains(where: { if case .file = $0 { true } else { false } }) {
      parts.append("the file's frames")
    }
    var steps = false
    let rates = showings.compactMap { s -> String? in
      guard case .live(let rate, _) = s else { return nil }
      if s.isOnStepBoundaries(of: ring) {
        steps = true
        return nil
      }
      return String(format: "%g", rate)
    }
    if let last = rates.last {
      let list = rates.count > 1 ? rates.dropLast().joined(separator: ", ") + " and " + last : last
      parts.append("drawn at " + list + " frames a second")
    }
    if steps { parts.append("on the flow's step boundaries") }
    return parts.count > 1
      ? parts.dropLast().joined(separator: ", ") + ", and " + parts.last! : parts.joined()
  }

  /// What to change for a cause of flashing, naming its options (for a ring whose colours
  /// `flows`, or not, and come from `colors`).
  static func advice(
    for cause: FlashCause, flows: Bool, colors: Limits.ColorSource = .colors,
    playsOnce: Bool = true
  ) -> String {
    switch cause {
    case .loopSeam where !playsOnce && flows:
      "the jump from the last frame back to the first flashes as the file loops (make --duration a whole number of periods)"
    case .loopSeam where !playsOnce:
      "the jump from the last frame back to the first flashes as the file loops (make the progress change slower with --progress-duration, or export GIF, APNG or WebP with --loop-count 1)"
    case .stepDuration: "its colours flow too fast (slow them down with a longer --step-duration)"
    case .colors where colors == .hueStep:
      "its colours differ too much from one to the next for this speed (a smaller --hue-step makes neighbours closer; or choose --colors or --palette, or a longer --step-duration)"
    case .colors:
      "its colours differ too much from one to the next for this speed (use colours closer in brightness with --colors or --palette, or a longer --step-duration)"
    case .progressChange:
      "its progress change moves too fast (lengthen --progress-duration, or change less with --progress-from)"
    case .loopSeam where flows:
      "the jump from the last frame back to the first flashes as the file loops (make --duration a whole number of periods, or play once with --loop-count 1)"
    case .loopSeam:
      "the jump from the last frame back to the first flashes as the file loops (play once with --loop-count 1, or make the progress change slower with --progress-duration)"
    case .fewerColors:
      "the terminal's fewer colours turn close colours into steps that switch back and forth (play with --graphics truecolor or kitty, or choose colours further apart and slower)"
    case .gifPalette:
      "a GIF's 256-colour palette dithers these colours between entries of different brightness, which switch back and forth (export APNG or WebP, which keep every colour, or choose fewer --colors)"
    case .onOffTransparency:
      "a GIF keeps only on/off transparency, so its translucent colours switch on and off (give --background a colour, or export APNG or WebP, which keep alpha)"
    }
  }

  /// A library message as a sentence for the command line, its leading `key` as the option.
  static func sentence(_ message: String, key: String?) -> String {
    if let key, message.hasPrefix(key + " ") {
      return "'--\(key)'" + message.dropFirst(key.count) + "."
    }
    if let key, RingConfiguration.keys.contains(key) {
      return "'--\(key)': " + message + (message.hasSuffix(".") ? "" : ".")
    }
    guard let first = message.first else { return message }
    let capitalised = first.uppercased() + message.dropFirst()
    return capitalised.hasSuffix(".") ? capitalised : capitalised + "."
  }

  /// A list item without the spaces and tabs around it: only those (a ring file's strings
  /// hold no others either), so a hidden character such as U+200B is refused, not dropped.
  static func trimmed(_ item: Substring) -> String {
    var s = item
    while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
    while let c = s.last, c == " " || c == "\t" { s.removeLast() }
    return String(s)
  }

  /// The `--background` colour, or `nil` when not given.
  static func background(_ args: ParsedArguments) throws(RingError) -> RGBAColor? {
    guard let text = try configuration(args).background else { return nil }
    return RGBAColor(parsing: text)
  }

  /// The scene the options describe, with `defaultBackground` when none is given.
  static func scene(_ args: ParsedArguments, defaultBackground: RGBAColor = .clear)
    throws(RingError) -> RingScene
  {
    let scaleRange = RingConfiguration.ranges["scale"]!.range
    let sourced = try sourcedConfiguration(args)
    var config = sourced.configuration
    let positions = sourced.positions
    config.scale = try OptionValue.number(
      args, "scale", default: config.scale ?? 1, range: scaleRange, unit: "pixels per point")
    do {
      return try config.makeScene(defaultBackground: defaultBackground)
    } catch let error as RingError {
      throw RingError.usage(sentence(error, positions: positions))
    } catch {
      throw RingError.usage("\(error)")
    }
  }
}
