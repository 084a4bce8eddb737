import Foundation
import RainbowRing
import RingCommandLine
import RingCommands
import RingConfig
import RingExport
import RingFlash
import RingPlayers
import RingSystem

/// `rainbow-ring play` (and `rainbow-ring` alone): the animation live, in a window or in
/// the terminal.
///
/// Exit status: 0 when it ends (q, Esc, the close button, `--duration`); 128 + N after
/// signal N (130 Ctrl-C, 143 SIGTERM, 129 a hang-up); 1 when the chosen player cannot start
/// or its terminal goes away (`--window` on a display that does not answer within 2 s or is
/// not 24-bit TrueColor, `--terminal` with TERM unset or `dumb`); 64 when there is nowhere
/// to play (the bare command prints why on one line, then the usage).
enum PlayCommand: Subcommand {
  static let specs: [OptionSpec] =
    PlayerPlan.specs + [
      OptionSpec(
        "reduced-motion",
        help:
          "Hold a still frame; space plays it. Without either flag, \(MotionPreference.environmentVariable) (1 or 0), then GNOME's enable-animations decide.",
        default: "full motion", invertible: true)
    ]
    + RingOptions.specs.filter { $0.name != "time" }.map { spec in
      switch spec.name {
      case "scene":
        OptionSpec(
          "scene", value: "scene",
          help:
            "seed (the iPhone's white 375x667-point view, ring at 50,80) or ring (the ring alone, centred).",
          default: "seed in a window, ring in a terminal", completion: spec.completion)
      case "scale":
        OptionSpec(
          "scale", value: "n", help: "Pixels per point in a window, 1 to 4.",
          default: "from the display's DPI")
      case "background":
        OptionSpec(
          "background", value: "color", help: "transparent, white, black, #RRGGBB or #RRGGBBAA.",
          default: "white in a window and for the seed scene, else the terminal's",
          completion: spec.completion)
      default: spec
      }
    }
    + CommandLineTool.closingSpecs

  static let usage = "rainbow-ring play [--window | --terminal] [<options>]"

  static let command = CommandSpec(
    name: "play", abstract: "Play the animation live in a window or the terminal (the default).",
    overview:
      "Play the animation live: in a window when an X display is available, else in the terminal. q or Esc quits; space pauses and resumes.",
    usage: usage, options: specs,
    examples: [
      .init(
        summary: "Play where it can: a window on a desktop, else this terminal:",
        commandLine: "rainbow-ring"),
      .init(
        summary: "Ten seconds in this terminal with 256 colours:",
        commandLine: "rainbow-ring play --terminal --graphics 256 --duration 10"),
      .init(
        summary: "The ring alone in a window at 2x, with a conic gradient:",
        commandLine: "rainbow-ring play --window --scene ring --scale 2 --gradient conic"),
    ])

  /// What the ring's player needs, checked: the player's options (read through, as
  /// `plan.fps`), the ring and its scene. Where it plays is decided when it starts.
  @dynamicMemberLookup
  struct Plan {
    var player: PlayerPlan
    var ring: RainbowRing
    var scene: PlayerScene?
    /// `--reduced-motion` (true), `--no-reduced-motion` (false) or neither (`nil`: the
    /// environment and the desktop decide).
    var reducedMotion: Bool?

    init(ring: RainbowRing, limits: Limits) {
      self.ring = ring
      player = PlayerPlan(limits: limits)
    }

    subscript<T>(dynamicMember field: WritableKeyPath<PlayerPlan, T>) -> T {
      get { player[keyPath: field] }
      set { player[keyPath: field] = newValue }
    }

    /// The display rates the ring may be played at: `--fps`, else the window's 60 or the
    /// terminal's 30 (both while the venue is not known).
    var flashRates: [Double] {
      if let fps = player.fps { return [fps] }
      return player.terminal ? [30] : player.window ? [60] : [60, 30]
    }

    /// The flash check of the ring as played at `frameRate` from time 0 for `--duration`,
    /// over the background asked for (a window's white; unknown in a terminal).
    func flashCheck(frameRate: Double, look: FlashCheck.FrameLook? = nil) throws -> FlashCheck {
      let back = player.background ?? (scene == .seed || player.window ? .white : .clear)
      let duration = player.duration
      let showing: FlashShowing =
        duration == 0
        ? .still : .live(frameRate: frameRate, duration: duration.map { .seconds($0) })
      return try FlashCheck(RingScene(ring: ring, background: back), showing: showing, look: look)
    }

    /// Whether `--allow-flashing` was given.
    var allowsFlashing = false

    /// The flash checks of the ring in a terminal drawing `graphics` with fewer colours
    /// (`TerminalPlayer.flashLook`), at the terminal's rate; none when it shows them all.
    func terminalFlashChecks(_ graphics: TerminalPlayer.Graphics) throws -> [FlashCheck] {
      guard let look = TerminalPlayer.flashLook(graphics) else { return [] }
      return [try flashCheck(frameRate: player.fps ?? 30, look: look)]
    }

    /// The window's pixels at the scene's natural size, within the frame cap.
    func checkWindowSize() throws(RingError) {
      try player.checkWindowSize(
        natural: (scene ?? .seed).naturalSize(for: ring), lowering: "--size or --scale")
    }
  }

  /// The checked plan, or what `--help` or `--version` asks for. Reads no environment.
  static func makePlan(_ arguments: [String]) throws(RingError) -> Request<Plan> {
    let args = try ParsedArguments.parse(arguments, specs: specs)
    if let asked: Request<Plan> = args.informational() { return asked }
    var plan = Plan(ring: try RingOptions.ring(args), limits: RingOptions.limits(args))
    if args.has("scene") {
      plan.scene = try OptionValue.choice(
        args, "scene", PlayerScene.allCases.map { ($0.rawValue, $0) }, default: .seed)
    } else if let name = try RingOptions.configuration(args).scene {
      plan.scene = PlayerScene(rawValue: name.rawValue)  // a ring file's or preset's, as --scene
    }
    try plan.player.read(args)
    plan.reducedMotion = args.flag("reduced-motion")
    plan.background = try RingOptions.background(args)
    if plan.window { try plan.checkWindowSize() }
    plan.allowsFlashing = args.has("allow-flashing")
    // A terminal's fewer colours, when asked for; when detected, checked as it starts.
    let fewer = plan.window ? nil : plan.graphics
    try RingOptions.refuseFlashing(args) {
      try plan.flashRates.map { try plan.flashCheck(frameRate: $0) }
        + (fewer.map(plan.terminalFlashChecks) ?? [])
    }
    return .run(plan)
  }

  static func perform(_ plan: Plan, console: Console) -> Int32 {
    perform(plan, console: console, implicit: false)
  }

  /// `rainbow-ring` alone: plays where it can with no options; when there is nowhere to
  /// play, says why on one line, then the root usage (exit 64).
  static func runBare(console: Console) -> Int32 {
    do throws(RingError) {
      guard case .run(let plan) = try makePlan([]) else { return 0 }
      return perform(plan, console: console, implicit: true)
    } catch {
      console.writeErr("\(console.errorLabel) \(error.message)\n\n" + CommandLineTool.rootHelp)
      return CommandExit.usage
    }
  }

  /// Plays `plan` where it can (the bare command, `implicit`, also wants standard input to
  /// be a terminal); a venue that cannot be had is a usage error.
  static func perform(_ plan: Plan, console: Console, implicit: Bool) -> Int32 {
    let venue: PlayerPlan.Venue
    do throws(RingError) {
      venue = try plan.player.venue(console: console, implicit: implicit) { () throws(RingError) in
        try plan.checkWindowSize()
      }
    } catch {
      if implicit {
        // `rainbow-ring` alone: why it did not play, on one line, then the usage.
        console.writeErr(
          "\(console.errorLabel) \(error.message)\n\n" + CommandLineTool.rootHelp)
        return CommandExit.usage
      }
      return usageError(error.message, console)
    }
    let motion = MotionPreference.resolve(flag: plan.reducedMotion)
    if let note = motion.note { console.writeErr(VisibleText.escaped(note) + "\n") }
    return play(plan, in: venue, reducedMotion: motion.isReduced, console: console)
  }

  /// Plays the plan's ring in its scene (by default the seed's in a window, the ring alone
  /// in a terminal) where `venue` says, still (paused at time 0) when `reducedMotion`; a
  /// terminal's own colours, found as it starts, are flash-checked unless allowed. Returns
  /// the exit status.
  static func play(
    _ plan: Plan, in venue: PlayerPlan.Venue, reducedMotion: Bool, console: Console
  ) -> Int32 {
    plan.player.play(
      .ring(plan.ring, plan.scene ?? .ring),
      windowContent: .ring(plan.ring, plan.scene ?? .seed), in: venue, title: "RainbowRing",
      reducedMotion: reducedMotion, console: console
    ) { graphics in
      guard !plan.allowsFlashing else { return }
      // The terminal's own colours, found now: the same verdict as asking for them.
      try RingOptions.refuseFlashing(limits: plan.limits) {
        try plan.terminalFlashChecks(graphics)
      }
    }
  }
}
