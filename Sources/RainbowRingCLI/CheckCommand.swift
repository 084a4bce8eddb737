import RainbowRing
import RingCommandLine
import RingCommands
import RingExport
import RingFlash
import RingPlayers

/// `rainbow-ring check`: the ring's flashing against WCAG 2.3.1 (Three Flashes or Below
/// Threshold). Prints `FlashAnalysis.summary`; exits 0 when the ring passes, 1 when it
/// does not (a finding, as a linter reports one), 2 when it cannot be checked or the report
/// cannot be written, 64 for a usage error.
enum CheckCommand: Subcommand {
  /// The status of a check that could not be made or reported: not a verdict.
  static let exitFailure: Int32 = 2

  /// The export's options that time its frames, taken with `--format`.
  static let exportTimingOptions = ["loops", "loop-count", "exact-fps"]

  static let specs: [OptionSpec] =
    RingOptions.specs.filter { !["time", "allow-flashing"].contains($0.name) } + [
      OptionSpec(
        "format", value: "format",
        help:
          "Check what 'rainbow-ring export --format' writes (its background, frame rate, length and loop) instead of a live display.",
        default: "a live display",
        completion: .choices(ExportFormat.allCases.map(\.rawValue))),
      OptionSpec(
        "fps", value: "n", help: "Frames per second shown, 1 to 240 (with --format, as export's).",
        default: "60; with --graphics, 30; with --format, the export's"),
      OptionSpec(
        "duration", value: "seconds",
        help: "Seconds shown from time 0, up to 3600 (with --format, as export's).",
        default: "until the motion repeats; with --format, the export's"),
      OptionSpec(
        "graphics", value: "kind",
        help:
          "Check what a terminal player drawing truecolor, 256, kitty, sixel or monochrome shows (256 colours and shades can make close colours switch back and forth).",
        default: "every colour shown",
        completion: .choices(TerminalPlayer.Graphics.allCases.map(\.rawValue))),
    ] + ExportCommand.specs.filter { exportTimingOptions.contains($0.name) } + [
      OptionSpec(
        "viewing-distance", value: "cm",
        help: "Distance from the eye to the screen, in centimetres.",
        default: "where the ring fills a 10-degree field"),
      OptionSpec(
        "points-per-cm", value: "n",
        help: "Points per centimetre on the screen (96 per inch is 37.8).", default: "37.8"),
      OptionSpec(
        "analysis-scale", value: "n",
        help: "Pixels per point of the analysed frames, 0.25 to 4; lower is faster.",
        default: "the output's, the ring at most 48 pixels across"),
    ] + CommandLineTool.closingSpecs

  static let usage = "rainbow-ring check [<options>]"

  static let command = CommandSpec(
    name: "check", abstract: "Check the ring's flashing against WCAG 2.3.1.",
    overview:
      "Count the ring's general and red flashes per second, as WCAG 2.3.1 (Three Flashes or Below Threshold) defines them, for a screen seen from a distance (by default the worst case: close enough that the ring fills a 10-degree field). It checks the frames as shown: a live display at --fps from time 0 until the motion repeats, or with --format the file export would write (an SVG, a page or a Lottie file as a browser draws it: at 60 frames a second, at each display rate up to the flow's step rate, and on the flow's step boundaries, the worst counting), over its background (over white, black and greys where transparent). Exit status 0 means it passes, 1 that it flashes too much (and the causes are named), 2 that it could not be checked or reported; export and play refuse what fails unless given --allow-flashing (a still frame from render cannot flash).",
    usage: usage, options: specs,
    examples: [
      .init(summary: "The seed's ring:", commandLine: "rainbow-ring check"),
      .init(
        summary: "A ring 20 times faster (it fails):",
        commandLine: "rainbow-ring check --step-duration 0.005"),
      .init(
        summary: "The same ring on a laptop screen seen from 60 cm:",
        commandLine: "rainbow-ring check --step-duration 0.005 --viewing-distance 60"),
      .init(
        summary: "What 'export -o ring.gif' would write of a black and white ring (it fails):",
        commandLine:
          "rainbow-ring check --colors=#000000,#ffffff --step-duration 0.008333333 --format gif --duration 2"
      ),
    ])

  /// What a check needs, checked.
  struct Plan {
    /// The ways the output is shown, each checked (a page at each display rate): the
    /// verdict is the worst.
    var checks: [FlashCheck]
    var viewingDistance: Double?
    /// The work cap of the check and its search for causes together, in pixels counted.
    var flashPixels = Limits().flashPixels
    /// Where the ring's colours come from, for the advice.
    var colorSource = Limits.ColorSource.colors
    /// Whether the output checked takes `--loop-count` (a live display has no seam).
    var playsOnce = true
  }

  /// The checked plan, or what `--help` or `--version` asks for.
  static func makePlan(_ arguments: [String]) throws(RingError) -> Request<Plan> {
    let args = try ParsedArguments.parse(arguments, specs: specs)
    if let asked: Request<Plan> = args.informational() { return asked }
    let distance: Double? =
      args["viewing-distance"] == nil
      ? nil
      : try OptionValue.number(
        args, "viewing-distance", default: 50, range: 1...10_000, unit: "centimetres")
    let density = try OptionValue.number(
      args, "points-per-cm", default: FlashAnalysis.cssPixelsPerCentimetre, range: 1...10_000,
      unit: "points per centimetre")
    let analysisScale: Double? =
      args["analysis-scale"] == nil
      ? nil
      : try OptionValue.number(
        args, "analysis-scale", default: 1, range: 0.25...4, unit: "pixels per point")
    let makeChecks: () throws -> [FlashCheck]
    var playsOnce = true
    if args.has("format") {
      if args.has("graphics") {
        throw RingError.usage(
          "The option '--graphics' checks a terminal player, not a file: leave out --format.")
      }
      let format = try OptionValue.choice(
        args, "format", ExportFormat.allCases.map { ($0.rawValue, $0) }, default: .gif)
      let output = format.extensions?.first.map { "check." + $0 } ?? "check"
      playsOnce = ExportOptions.loopCountFormats.contains(format)
      let settings = try ExportCommand.plan(args, output: output, guardsFlashing: false).settings
      makeChecks = {
        try settings.flashChecks(
          viewingDistance: distance, pointsPerCentimetre: density, analysisScale: analysisScale)
      }
    } else {
      if let given = exportTimingOptions.first(where: { args.has($0) }) {
        throw RingError.usage(
          "The option '--\(given)' times an export: add --format (gif, apng, ...) to check one.")
      }
      let scene = try RingOptions.scene(args)
      try RingOptions.limits(args).check(scene: scene)
      // The rate the player checked plays at: a window's 60, a terminal's 30.
      let fps = try OptionValue.number(
        args, "fps", default: args.has("graphics") ? 30 : 60, range: 1...240,
        unit: "frames per second")
      let duration: MediaTime? =
        args["duration"] == nil
        ? nil
        : .seconds(
          try OptionValue.number(
            args, "duration", default: 1, range: 0.001...3600, unit: "seconds"))
      let graphics = try OptionValue.choice(
        args, "graphics", TerminalPlayer.Graphics.allCases.map { ($0.rawValue, $0) },
        default: .truecolor)
      makeChecks = {
        [
          try FlashCheck(
            scene, showing: .live(frameRate: fps, duration: duration), viewingDistance: distance,
            pointsPerCentimetre: density, analysisScale: analysisScale,
            look: TerminalPlayer.flashLook(graphics))
        ]
      }
    }
    let checks: [FlashCheck]
    do {
      checks = try makeChecks()
    } catch {
      throw RingError.usage(CommandExit.describe(error))
    }
    // A vector file is drawn forever at the display's rate: only the scale lowers its work.
    let drawnLive = checks.contains { if case .live = $0.showing { true } else { false } }
    let vector = args.has("format") && drawnLive
    let limits = RingOptions.limits(args)
    try limits.check(
      flash: checks, reduceMemory: "lower --analysis-scale",
      reduceWork: vector
        ? "lower --analysis-scale, or give fewer colours (a shorter period)"
        : "lower --analysis-scale, --duration or --fps")
    return .run(
      Plan(
        checks: checks, viewingDistance: distance, flashPixels: limits.flashPixels,
        colorSource: limits.colorSource, playsOnce: playsOnce))
  }

  static func perform(_ plan: Plan, console: Console) -> Int32 {
    do {
      let (check, verdict, causes, complete) = try FlashCheck.review(
        plan.checks, withinPixels: plan.flashPixels)
      let seen = String(format: "%.0f", check.viewingDistance)
      let how = plan.viewingDistance == nil ? " (the ring filling a 10-degree field)" : ""
      var report = verdict.analysis.summary + "\n  viewed from \(seen) cm\(how)"
      if check.backdrops.count > 1 {
        let name = FlashCheck.name(ofBackdrop: verdict.backdrop)
        let all = check.backdrops.map(FlashCheck.name(ofBackdrop:)).joined(separator: ", ")
        report += "; transparent pixels seen over \(name) (checked over \(all))"
      }
      if plan.checks.count > 1 {
        let ring = check.scene.ring
        let all = RingOptions.showingsChecked(plan.checks.map(\.showing), of: ring)
        report += "\n  worst \(RingOptions.shownAt(check.showing, of: ring)) (checked: \(all))"
      }
      for cause in causes {
        report +=
          "\n  cause: "
          + RingOptions.advice(
            for: cause, flows: check.scene.ring.flows, colors: plan.colorSource,
            playsOnce: plan.playsOnce)
      }
      if !complete {
        report +=
          "\n  cause: not found within the flash check's work cap (pass --no-limits to find it)"
      }
      do {
        try console.out(report + "\n")
      } catch {
        _ = CommandExit.failure(
          "cannot write to standard output: \(CommandExit.describe(error))", console)
        return exitFailure
      }
      return verdict.passes ? 0 : 1
    } catch {
      _ = CommandExit.failure(CommandExit.describe(error), console)
      return exitFailure
    }
  }
}
