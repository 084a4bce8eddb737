import Foundation
import RainbowRing
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
    [
      OptionSpec("window", help: "Play in an X11 window (needs DISPLAY).", invertible: true),
      OptionSpec("terminal", help: "Play in this terminal.", invertible: true),
      OptionSpec(
        "fps", value: "n", help: "Frames per second, 1 to 240.",
        default: "60 in a window, 30 in a terminal"),
      OptionSpec(
        "duration", value: "seconds", help: "Stop after this long.",
        default: "until q, Esc or Ctrl-C"),
      OptionSpec(
        "graphics", value: "kind",
        help:
          "Terminal output: auto, truecolor, 256, kitty, sixel or monochrome. auto follows NO_COLOR, kitty, COLORTERM, tmux and TERM.",
        default: "auto",
        completion: .choices(["auto"] + TerminalPlayer.Graphics.allCases.map(\.rawValue))),
      OptionSpec(
        "reduced-motion",
        help:
          "Hold a still frame; space plays it. Without either flag, \(MotionPreference.environmentVariable) (1 or 0), then GNOME's enable-animations decide.",
        default: "full motion", invertible: true),
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

  /// What a player needs, checked; where it plays is decided when it starts.
  struct Plan {
    var ring: RainbowRing
    var scene: PlayerScene?
    var fps: Double?
    var duration: Double?
    var scale: Double?
    var background: RGBAColor?
    /// `nil` detects the terminal's graphics from the environment.
    var graphics: TerminalPlayer.Graphics?
    var window = false
    var terminal = false
    /// `--reduced-motion` (true), `--no-reduced-motion` (false) or neither (`nil`: the
    /// environment and the desktop decide).
    var reducedMotion: Bool?
    var limits: Limits
    /// The size shown, in points, when it is not the ring's scene (a program's window).
    var naturalSize: Size?

    /// The display rates the ring may be played at: `--fps`, else the window's 60 or the
    /// terminal's 30 (both while the venue is not known).
    var flashRates: [Double] {
      if let fps { return [fps] }
      return terminal ? [30] : window ? [60] : [60, 30]
    }

    /// The flash check of the ring as played at `frameRate` from time 0 for `--duration`,
    /// over the background asked for (a window's white; unknown in a terminal).
    func flashCheck(frameRate: Double, look: FlashCheck.FrameLook? = nil) throws -> FlashCheck {
      let back = background ?? (scene == .seed || window ? .white : .clear)
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
      return [try flashCheck(frameRate: fps ?? 30, look: look)]
    }

    /// The window's pixels at the scene's natural size.
    func checkWindowSize() throws(RingError) {
      let s = scale ?? 1
      let natural = naturalSize ?? (scene ?? .seed).naturalSize(for: ring)
      let (w, h) = (natural.width * s, natural.height * s)
      guard w * h <= Double(limits.framePixels) else {
        throw RingError.usage(
          "A \(Int(w))x\(Int(h))-pixel window exceeds the cap of \(limits.framePixels) pixels; lower --size or --scale, or pass --no-limits."
        )
      }
    }
  }

  /// The checked plan, or what `--help` or `--version` asks for. Reads no environment.
  static func makePlan(_ arguments: [String]) throws(RingError) -> Request<Plan> {
    let args = try ParsedArguments.parse(arguments, specs: specs)
    if let asked: Request<Plan> = args.informational() { return asked }
    var plan = Plan(ring: try RingOptions.ring(args), limits: Limits.from(args))
    if args.has("scene") {
      plan.scene = try RingOptions.choice(
        args, "scene", PlayerScene.allCases.map { ($0.rawValue, $0) }, default: .seed)
    } else if let name = try RingOptions.configuration(args).scene {
      plan.scene = PlayerScene(rawValue: name)  // a ring file's or preset's, as --scene
    }
    try readPlayerOptions(args, into: &plan)
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

  /// The options every player takes (where, how fast, how long, how large, which terminal
  /// graphics) into `plan`.
  static func readPlayerOptions(_ args: ParsedArguments, into plan: inout Plan)
    throws(RingError)
  {
    if args.has("window") && args.has("terminal") {
      throw RingError.usage("The options '--window' and '--terminal' cannot be used together.")
    }
    if args.has("fps") {
      plan.fps = try RingOptions.number(
        args, "fps", default: 60, range: 1...240, unit: "frames per second")
    }
    if args.has("duration") {
      plan.duration = try RingOptions.number(
        args, "duration", default: 0, range: 0...1e7, unit: "seconds")
    }
    if args.has("scale") {
      plan.scale = try RingOptions.number(
        args, "scale", default: 1, range: RingConfiguration.ranges["scale"]!.range,
        unit: "pixels per point")
    }
    let kinds: [(String, TerminalPlayer.Graphics?)] =
      [("auto", nil)] + TerminalPlayer.Graphics.allCases.map { ($0.rawValue, $0) }
    plan.graphics = try RingOptions.choice(args, "graphics", kinds, default: nil)
    plan.window = args.has("window")
    plan.terminal = args.has("terminal")
  }

  /// Where the animation plays: a window (on a display already opened, or opened by the
  /// player when `--window` asked for it) or the terminal.
  enum Venue {
    case window(DisplayConnection?)
    case terminal
  }

  /// A window when asked for or when a display opens within two seconds and is 24-bit
  /// TrueColor, else the terminal when standard output is one and TERM shows escape
  /// sequences (with a one-line note on standard error when a display was there but could
  /// not be used).
  /// The bare command (`implicit`) also wants standard input to be a terminal: it has no
  /// `--duration`, so only q or Esc ends it.
  static func venue(
    _ plan: Plan, console: Console,
    environment: [String: String] = ProcessInfo.processInfo.environment, implicit: Bool = false
  ) throws(RingError) -> Venue {
    let display = environment["DISPLAY"] ?? ""
    if plan.window {
      guard !display.isEmpty else {
        throw RingError.usage("'--window' needs an X display, and DISPLAY is not set.")
      }
      // The player opens it: no answer, no connection or the wrong visual is an error.
      return .window(nil)
    }
    if plan.terminal {
      guard console.outputIsTerminal else {
        throw RingError.usage("'--terminal' needs standard output to be a terminal.")
      }
      return .terminal
    }
    var reason = "no X display (DISPLAY is not set)"
    if !display.isEmpty {
      switch Result(catching: { () throws(RingError) in
        let connection = try DisplayConnection.open(display, timeout: 2)
        try connection.requireTrueColor()
        return connection
      }) {
      case .success(let connection):
        try plan.checkWindowSize()
        return .window(connection)
      case .failure(let error): reason = error.message
      }
    }
    guard console.outputIsTerminal else {
      throw RingError.usage("Nowhere to play: \(reason), and standard output is not a terminal.")
    }
    guard console.inputIsTerminal || !implicit else {
      throw RingError.usage(
        "Nowhere to play: \(reason), and standard input is not a terminal (no key could stop it; give --duration)."
      )
    }
    if let problem = TerminalPlayer.terminalProblem(environment) {
      throw RingError.usage("Nowhere to play: \(reason), and \(problem.message).")
    }
    if !display.isEmpty {
      console.writeErr("Note: \(RingError.usage(reason).message); playing in the terminal.\n")
    }
    return .terminal
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
      return CommandLineTool.exitUsage
    }
  }

  /// Plays `plan` where it can (the bare command, `implicit`, also wants standard input to
  /// be a terminal); a venue that cannot be had is a usage error.
  static func perform(_ plan: Plan, console: Console, implicit: Bool) -> Int32 {
    let venue: Venue
    do throws(RingError) {
      venue = try self.venue(plan, console: console, implicit: implicit)
    } catch {
      if implicit {
        // `rainbow-ring` alone: why it did not play, on one line, then the usage.
        console.writeErr(
          "\(console.errorLabel) \(error.message)\n\n" + CommandLineTool.rootHelp)
        return CommandLineTool.exitUsage
      }
      return usageError(error.message, console)
    }
    let motion = MotionPreference.resolve(flag: plan.reducedMotion)
    if let note = motion.note { console.writeErr(VisibleText.escaped(note) + "\n") }
    return play(plan, in: venue, reducedMotion: motion.isReduced, console: console)
  }

  /// Plays `content` (the plan's ring in its scene when `nil`) where `venue` says, still
  /// (paused at time 0) when `reducedMotion`; returns the exit status.
  static func play(
    _ plan: Plan, in venue: Venue, content: PlayerContent? = nil, title: String = "RainbowRing",
    reducedMotion: Bool = false, terminal: Int32 = STDOUT_FILENO, console: Console
  ) -> Int32 {
    let stop = { Termination.pending != 0 }
    do {
      switch venue {
      case .window(let connection):
        var options = WindowPlayer.Options(
          content: content ?? .ring(plan.ring, plan.scene ?? .seed), scale: plan.scale,
          background: plan.background, framesPerSecond: plan.fps ?? 60,
          duration: plan.duration)
        options.title = title
        options.reducedMotion = reducedMotion
        let player = try WindowPlayer(options: options, connection: connection)
        try player.run(shouldStop: stop)
      case .terminal:
        let graphics = plan.graphics ?? TerminalPlayer.detectGraphics(tmux: TmuxInfo.ask())
        if plan.graphics == nil, content == nil, !plan.allowsFlashing {
          // The terminal's own colours, found now: the same verdict as asking for them.
          try RingOptions.refuseFlashing(limits: plan.limits) {
            try plan.terminalFlashChecks(graphics)
          }
        }
        var options = TerminalPlayer.Options(
          content: content ?? .ring(plan.ring, plan.scene ?? .ring),
          background: plan.background, framesPerSecond: plan.fps ?? 30,
          duration: plan.duration, graphics: graphics)
        options.reducedMotion = reducedMotion
        let player = try TerminalPlayer(options: options, output: terminal)
        if let note = player.note { console.writeErr(note + "\n") }
        try player.run(shouldStop: stop)
      }
    } catch {
      // A hang-up comes with SIGHUP: the signal's status, not the write error's.
      if Termination.pending != 0 { return 128 + Termination.pending }
      return CommandLineTool.failure(CommandLineTool.describe(error), console)
    }
    let s = Termination.pending
    return s == 0 ? 0 : 128 + s
  }
}
