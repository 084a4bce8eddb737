import Foundation
import RainbowRing
import RingPlayers

/// `rainbow-ring play` (and `rainbow-ring` alone): the animation live, in a window or in
/// the terminal.
enum PlayCommand {
  static let specs: [OptionSpec] =
    [
      OptionSpec("window", help: "Play in an X11 window (needs DISPLAY)."),
      OptionSpec("terminal", help: "Play in this terminal."),
      OptionSpec(
        "fps", value: "n", help: "Frames per second, 1 to 240.",
        default: "60 in a window, 30 in a terminal"),
      OptionSpec(
        "duration", value: "seconds", help: "Stop after this long.",
        default: "until q, Esc or Ctrl-C"),
      OptionSpec(
        "graphics", value: "kind",
        help:
          "Terminal output: auto, truecolor, 256, kitty, sixel or monochrome. auto follows NO_COLOR, kitty, COLORTERM and TERM.",
        default: "auto"),
    ]
    + RingOptions.specs.filter { $0.name != "time" }.map { spec in
      switch spec.name {
      case "scene":
        OptionSpec(
          "scene", value: "scene",
          help:
            "seed (the iPhone's white 375x667-point view, ring at 50,80) or ring (the ring alone, centred).",
          default: "seed in a window, ring in a terminal")
      case "scale":
        OptionSpec(
          "scale", value: "n", help: "Pixels per point in a window, 1 to 4.",
          default: "from the display's DPI")
      case "background":
        OptionSpec(
          "background", value: "color", help: "transparent, white, black, #RRGGBB or #RRGGBBAA.",
          default: "the scene's")
      default: spec
      }
    }
    + [
      Limits.spec,
      OptionSpec("version", help: "Show the version."),
      OptionSpec("help", short: "h", help: "Show help information."),
    ]

  static let usage = "rainbow-ring play [--window | --terminal] [<options>]"

  static let help = Help.render(
    overview:
      "Play the animation live: in a window when an X display is available, else in the terminal. q or Esc quits.",
    usage: usage,
    sections: [("OPTIONS", Help.options(specs))])

  static func run(_ arguments: [String], console: Console, implicit: Bool = false) -> Int32 {
    let args: ParsedArguments
    let ring: RainbowRing
    let useWindow: Bool
    let scene: PlayerScene?
    let fps: Double?
    let duration: Double?
    let scale: Double?
    let background: RGBAColor?
    let graphics: TerminalPlayer.Graphics
    do throws(UsageError) {
      args = try ParsedArguments.parse(arguments, specs: specs)
      if args.has("help") { return CommandLineTool.printing(help, console) }
      if args.has("version") {
        return CommandLineTool.printing(CommandLineTool.version + "\n", console)
      }
      if args.has("window") && args.has("terminal") {
        throw UsageError(
          message: "The options '--window' and '--terminal' cannot be used together.")
      }
      ring = try RingOptions.ring(args)
      scene =
        try args.has("scene")
        ? RingOptions.choice(
          args, "scene", PlayerScene.allCases.map { ($0.rawValue, $0) }, default: .seed)
        : nil
      fps =
        try args.has("fps")
        ? RingOptions.number(args, "fps", default: 60, range: 1...240, unit: "frames per second")
        : nil
      duration =
        try args.has("duration")
        ? RingOptions.number(args, "duration", default: 0, range: 0...1e7, unit: "seconds") : nil
      scale =
        try args.has("scale")
        ? RingOptions.number(args, "scale", default: 1, range: 1...4, unit: "pixels per point")
        : nil
      background = try RingOptions.background(args)
      let kinds: [(String, TerminalPlayer.Graphics?)] =
        [("auto", nil)] + TerminalPlayer.Graphics.allCases.map { ($0.rawValue, $0) }
      graphics =
        try RingOptions.choice(args, "graphics", kinds, default: nil)
        ?? TerminalPlayer.detectGraphics()
      if args.has("window") {
        guard WindowPlayer.displayAvailable() else {
          throw UsageError(message: "'--window' needs an X display, and DISPLAY does not open one.")
        }
        useWindow = true
      } else if args.has("terminal") {
        guard console.outputIsTerminal else {
          throw UsageError(message: "'--terminal' needs standard output to be a terminal.")
        }
        useWindow = false
      } else if WindowPlayer.displayAvailable() {
        useWindow = true
      } else if console.outputIsTerminal {
        useWindow = false
      } else {
        throw UsageError(
          message: "Nowhere to play: no X display (DISPLAY) and standard output is not a terminal.")
      }
    } catch {
      if implicit {
        console.writeErr(CommandLineTool.rootHelp)
        return CommandLineTool.exitUsage
      }
      return CommandLineTool.usageError(error.message, usage: usage, helpFor: "play", console)
    }
    if useWindow {
      // The window opens at the scene's natural size (at most the screen's).
      let natural = (scene ?? .seed).naturalSize(for: ring)
      let pixels = natural.width * natural.height * (scale ?? 1) * (scale ?? 1)
      let limits = Limits.from(args)
      guard pixels <= Double(limits.framePixels) else {
        return CommandLineTool.usageError(
          "A \(Int(natural.width * (scale ?? 1)))x\(Int(natural.height * (scale ?? 1)))-pixel window exceeds the cap of \(limits.framePixels) pixels; lower --size or --scale, or pass --no-limits.",
          usage: usage, helpFor: "play", console)
      }
    }
    Interrupts.install()
    let stop = { Interrupts.pending != 0 }
    do {
      if useWindow {
        let player = try WindowPlayer(
          options: WindowPlayer.Options(
            ring: ring, scene: scene ?? .seed, scale: scale, background: background,
            framesPerSecond: fps ?? 60, duration: duration))
        try player.run(shouldStop: stop)
      } else {
        let player = try TerminalPlayer(
          options: TerminalPlayer.Options(
            ring: ring, scene: scene ?? .ring, background: background, framesPerSecond: fps ?? 30,
            duration: duration, graphics: graphics))
        try player.run(shouldStop: stop)
      }
    } catch {
      return CommandLineTool.failure("\(error)", console)
    }
    let s = Interrupts.pending
    return s == 0 ? 0 : 128 + s
  }
}
