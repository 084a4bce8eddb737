import RainbowRing

/// `rainbow-ring check`: the ring's flashing against WCAG 2.3.1 (Three Flashes or Below
/// Threshold). Prints `FlashAnalysis.summary`; exits 0 when the ring passes, 1 when it
/// does not (a finding, as a linter reports one), 64 for a usage error.
enum CheckCommand {
  static let specs: [OptionSpec] =
    RingOptions.specs.filter { !["time", "allow-flashing"].contains($0.name) } + [
      OptionSpec(
        "fps", value: "n", help: "Frames per second sampled, 1 to 240.", default: "60"),
      OptionSpec(
        "duration", value: "seconds",
        help: "Seconds of motion analysed from time 0, up to 3600.",
        default: "the ring's period, 2 to 10 s"),
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
        default: "--scale"),
    ] + CommandLineTool.closingSpecs

  static let usage = "rainbow-ring check [<options>]"

  static let command = CommandSpec(
    name: "check", abstract: "Check the ring's flashing against WCAG 2.3.1.",
    overview:
      "Count the ring's general and red flashes per second, as WCAG 2.3.1 (Three Flashes or Below Threshold) defines them, for a screen seen from a distance (by default the worst case: close enough that the ring fills a 10-degree field). Exit status 0 means it passes, 1 that it flashes too much; render, export and play refuse such a ring unless given --allow-flashing.",
    usage: usage, options: specs,
    examples: [
      .init(summary: "The seed's ring:", commandLine: "rainbow-ring check"),
      .init(
        summary: "A ring 20 times faster (it fails):",
        commandLine: "rainbow-ring check --step-duration 0.005"),
      .init(
        summary: "The same ring on a laptop screen seen from 60 cm:",
        commandLine: "rainbow-ring check --step-duration 0.005 --viewing-distance 60"),
    ])

  static var help: String { command.help }

  /// What a check needs, checked.
  struct Plan {
    var scene: RingScene
    var frameRate: Double
    var duration: MediaTime?
    var viewingDistance: Double?
    var pointsPerCentimetre: Double
    var analysisScale: Double?
  }

  /// The checked plan, or what `--help` or `--version` asks for.
  static func makePlan(_ arguments: [String]) throws(RingError) -> Request<Plan> {
    let args = try ParsedArguments.parse(arguments, specs: specs)
    if let asked: Request<Plan> = args.informational() { return asked }
    var unchecked = args
    unchecked.insertFlag("allow-flashing")
    let scene = try RingOptions.scene(unchecked)
    try Limits.from(args).check(scene: scene)
    let fps = try RingOptions.number(
      args, "fps", default: 60, range: 1...240, unit: "frames per second")
    let duration: MediaTime? =
      args["duration"] == nil
      ? nil
      : .seconds(
        try RingOptions.number(args, "duration", default: 1, range: 0.001...3600, unit: "seconds"))
    let distance: Double? =
      args["viewing-distance"] == nil
      ? nil
      : try RingOptions.number(
        args, "viewing-distance", default: 50, range: 1...10_000, unit: "centimetres")
    let density = try RingOptions.number(
      args, "points-per-cm", default: FlashAnalysis.cssPixelsPerCentimetre, range: 1...10_000,
      unit: "points per centimetre")
    let analysisScale: Double? =
      args["analysis-scale"] == nil
      ? nil
      : try RingOptions.number(
        args, "analysis-scale", default: 1, range: 0.25...4, unit: "pixels per point")
    return .run(
      Plan(
        scene: scene, frameRate: fps, duration: duration, viewingDistance: distance,
        pointsPerCentimetre: density, analysisScale: analysisScale))
  }

  static func run(_ arguments: [String], console: Console) -> Int32 {
    let plan: Plan
    do throws(RingError) {
      switch try makePlan(arguments) {
      case .help: return CommandLineTool.printing(help, console)
      case .version: return CommandLineTool.printing(CommandLineTool.versionLine, console)
      case .run(let p): plan = p
      }
    } catch {
      return CommandLineTool.usageError(error.message, usage: usage, helpFor: "check", console)
    }
    do {
      let result = try FlashAnalysis.analyze(
        plan.scene, frameRate: plan.frameRate, duration: plan.duration,
        scale: plan.analysisScale, viewingDistance: plan.viewingDistance,
        pointsPerCentimetre: plan.pointsPerCentimetre)
      let distance =
        plan.viewingDistance
        ?? FlashAnalysis.fillingDistance(
          of: plan.scene.ring, pointsPerCentimetre: plan.pointsPerCentimetre)
      let seen = String(format: "%.0f", distance)
      let how = plan.viewingDistance == nil ? " (the ring filling a 10-degree field)" : ""
      try console.out(result.summary + "\n  viewed from \(seen) cm\(how)\n")
      return result.passes ? 0 : 1
    } catch {
      return CommandLineTool.failure(CommandLineTool.describe(error), console)
    }
  }
}
