import Foundation
import RainbowRing
import RingCommandLine
import RingPlayers
import RingSystem

/// What any player takes from the command line, checked: where it plays, how fast, how
/// long, how large, over what, and which terminal graphics. Where it plays is decided when
/// it starts (`venue`).
package struct PlayerPlan {
  package var fps: Double?
  package var duration: Double?
  package var scale: Double?
  package var background: RGBAColor?
  /// `nil` detects the terminal's graphics from the environment.
  package var graphics: TerminalPlayer.Graphics?
  package var window = false
  package var terminal = false
  package var limits: Limits

  package init(limits: Limits) {
    self.limits = limits
  }

  /// The options every player takes, as the tool's `play` declares them.
  package static let specs = [
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
  ]

  /// `--window`, `--terminal`, `--fps`, `--duration`, `--scale` (a window's,
  /// `WindowPlayer.scaleRange`) and `--graphics` from `args`.
  package mutating func read(_ args: ParsedArguments) throws(RingError) {
    if args.has("window") && args.has("terminal") {
      throw RingError.usage("The options '--window' and '--terminal' cannot be used together.")
    }
    if args.has("fps") {
      fps = try OptionValue.number(
        args, "fps", default: 60, range: 1...240, unit: "frames per second")
    }
    if args.has("duration") {
      duration = try OptionValue.number(
        args, "duration", default: 0, range: 0...1e7, unit: "seconds")
    }
    if args.has("scale") {
      scale = try OptionValue.number(
        args, "scale", default: 1, range: WindowPlayer.scaleRange, unit: "pixels per point")
    }
    let kinds: [(String, TerminalPlayer.Graphics?)] =
      [("auto", nil)] + TerminalPlayer.Graphics.allCases.map { ($0.rawValue, $0) }
    graphics = try OptionValue.choice(args, "graphics", kinds, default: nil)
    window = args.has("window")
    terminal = args.has("terminal")
  }

  /// Refuses a window of `natural` points at the scale (1 when it comes from the display)
  /// over the frame cap, naming `lowering`, the options that make it smaller.
  package func checkWindowSize(natural: Size, lowering: String = "--scale") throws(RingError) {
    let s = scale ?? 1
    let (w, h) = (natural.width * s, natural.height * s)
    guard w * h <= Double(limits.framePixels) else {
      throw RingError.usage(
        "A \(Int(w))x\(Int(h))-pixel window exceeds the cap of \(limits.framePixels) pixels; lower \(lowering), or pass --no-limits."
      )
    }
  }

  /// Where a player plays: a window (on a display already opened, or opened by the player
  /// when `--window` asked for it) or the terminal.
  package enum Venue {
    case window(DisplayConnection?)
    case terminal
  }

  /// A window when asked for or when a display opens within two seconds and is 24-bit
  /// TrueColor (and `checkWindow` passes), else the terminal when standard output is one
  /// and TERM shows escape sequences (with a one-line note on standard error when a
  /// display was there but could not be used).
  /// The bare command (`implicit`) also wants standard input to be a terminal: it has no
  /// `--duration`, so only q or Esc ends it.
  package func venue(
    console: Console, environment: [String: String] = ProcessInfo.processInfo.environment,
    implicit: Bool = false, checkWindow: () throws(RingError) -> Void
  ) throws(RingError) -> Venue {
    let display = environment["DISPLAY"] ?? ""
    if window {
      guard !display.isEmpty else {
        throw RingError.usage("'--window' needs an X display, and DISPLAY is not set.")
      }
      // The player opens it: no answer, no connection or the wrong visual is an error.
      return .window(nil)
    }
    if terminal {
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
        try checkWindow()
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

  /// Plays `content` where `venue` says (in a window, `windowContent` when given), still
  /// (paused at time 0) when `reducedMotion`, drawing a terminal's frames to `terminal`;
  /// `checkTerminal` may refuse the terminal's graphics once they are known. Returns the
  /// exit status: 0 at the end, 128 + N after signal N, 1 for a failure.
  package func play(
    _ content: PlayerContent, windowContent: PlayerContent? = nil, in venue: Venue,
    title: String, reducedMotion: Bool = false, terminal: Int32 = STDOUT_FILENO,
    console: Console,
    checkTerminal: (TerminalPlayer.Graphics) throws -> Void = { _ in }
  ) -> Int32 {
    let stop = { Termination.pending != 0 }
    do {
      switch venue {
      case .window(let connection):
        var options = WindowPlayer.Options(
          content: windowContent ?? content, scale: scale, background: background,
          framesPerSecond: fps ?? 60, duration: duration)
        options.title = title
        options.reducedMotion = reducedMotion
        let player = try WindowPlayer(options: options, connection: connection)
        try player.run(shouldStop: stop)
      case .terminal:
        let graphics = self.graphics ?? TerminalPlayer.detectGraphics(tmux: TmuxInfo.ask())
        if self.graphics == nil { try checkTerminal(graphics) }
        var options = TerminalPlayer.Options(
          content: content, background: background, framesPerSecond: fps ?? 30,
          duration: duration, graphics: graphics)
        options.reducedMotion = reducedMotion
        let player = try TerminalPlayer(options: options, output: terminal)
        if let note = player.note { console.writeErr(note + "\n") }
        try player.run(shouldStop: stop)
      }
    } catch {
      // A hang-up comes with SIGHUP: the signal's status, not the write error's.
      if Termination.pending != 0 { return 128 + Termination.pending }
      return CommandExit.failure(CommandExit.describe(error), console)
    }
    let s = Termination.pending
    return s == 0 ? 0 : 128 + s
  }
}
