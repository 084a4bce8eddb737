import RainbowRing
import RingCommandLine
import RingCommands
import RingConfig

/// `rainbow-ring config --print`: the effective configuration, as a ring file.
enum ConfigCommand: Subcommand {
  static let specs: [OptionSpec] =
    [OptionSpec("print", help: "Print the effective configuration as a ring file (JSON).")]
    + RingOptions.specs.filter { !["time", "allow-flashing"].contains($0.name) }
    + CommandLineTool.closingSpecs

  static let usage = "rainbow-ring config --print [<options>]"

  static let command = CommandSpec(
    name: "config", abstract: "Print the effective configuration as a ring file.",
    overview:
      "Print the configuration a ring's options, ring file (--config) and preset (--preset) add up to, with every default filled in: a ring file that gives the same ring.",
    usage: usage, options: specs,
    examples: [
      .init(
        summary:
          "The activity preset with a thinner ring, saved as a ring file (render it with --config ring.json):",
        commandLine: "rainbow-ring config --print --preset activity --ring-width 16 > ring.json"),
      .init(
        summary: "What a progress ring of viridis adds up to:",
        commandLine: "rainbow-ring config --print --progress 0.75 --palette viridis"),
    ])

  /// The configuration to print, checked: every value, how they fit together, and the frame
  /// cap the other commands apply (`--no-limits` lifts it).
  static func makePlan(_ arguments: [String]) throws(RingError) -> Request<RingConfiguration> {
    let args = try ParsedArguments.parse(arguments, specs: specs)
    if let asked: Request<RingConfiguration> = args.informational() { return asked }
    guard args.has("print") else { throw RingError.usage("Missing expected flag '--print'.") }
    let config = try RingOptions.configuration(args)
    let scene = try RingOptions.scene(args)
    try RingOptions.limits(args).check(scene: scene)
    return .run(config.effective)
  }

  static func perform(_ config: RingConfiguration, console: Console) -> Int32 {
    CommandExit.printing(config.jsonText, console)
  }
}
