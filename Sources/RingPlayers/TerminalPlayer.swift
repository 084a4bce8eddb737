import Foundation
import RainbowRing
import RingCodecs
import RingSystem

/// Plays the animation in a terminal: truecolor half-block cells (two pixels per cell) with
/// a 256-colour fallback, full-resolution images through the kitty graphics protocol or
/// Sixel, or shade characters when NO_COLOR asks for no colour.
///
/// It uses the alternate screen with the cursor hidden and restores both on every exit,
/// follows resizes (SIGWINCH), centres the frame and rewrites only the cells that changed.
/// At start it asks the terminal's background (OSC 11) to blend the ring's edges over; in
/// tmux it sends kitty images through tmux's passthrough, or half-blocks when that is off.
/// The space bar pauses and resumes; while paused the frame holds and the bottom row says so.
public final class TerminalPlayer {
  public enum Graphics: String, CaseIterable, Sendable {
    case truecolor
    case palette256 = "256"
    case kitty
    case sixel
    /// Shade characters, no colour (NO_COLOR).
    case monochrome
  }

  public struct Options: Sendable {
    public var content: PlayerContent
    public var background: RGBAColor?
    public var framesPerSecond: Double
    public var duration: Double?
    public var graphics: Graphics
    /// Reduced motion: it starts paused on the frame at time 0 (the space bar still plays
    /// it), and the bottom row says so.
    public var reducedMotion = false

    public init(
      ring: RainbowRing, scene: PlayerScene, background: RGBAColor?, framesPerSecond: Double,
      duration: Double?, graphics: Graphics
    ) {
      self.init(
        content: .ring(ring, scene), background: background, framesPerSecond: framesPerSecond,
        duration: duration, graphics: graphics)
    }

    public init(
      content: PlayerContent, background: RGBAColor?, framesPerSecond: Double,
      duration: Double?, graphics: Graphics
    ) {
      self.content = content
      self.background = background
      self.framesPerSecond = framesPerSecond
      self.duration = duration
      self.graphics = graphics
    }
  }

  /// The graphics a terminal supports, from its environment: NO_COLOR, then kitty, then
  /// COLORTERM=truecolor, then (inside tmux) whether `tmux` passes 24-bit colour on, then a
  /// 256-colour TERM; truecolor otherwise.
  public static func detectGraphics(
    _ env: [String: String] = ProcessInfo.processInfo.environment, tmux: TmuxInfo? = nil
  ) -> Graphics {
    if let n = env["NO_COLOR"], !n.isEmpty { return .monochrome }
    if env["KITTY_WINDOW_ID"] != nil || env["TERM"]?.contains("kitty") == true { return .kitty }
    if let c = env["COLORTERM"], c == "truecolor" || c == "24bit" { return .truecolor }
    if let tmux, tmux.passesTruecolor { return .truecolor }
    if env["TERM"]?.contains("256color") == true { return .palette256 }
    return .truecolor
  }

  /// Why a terminal described by `env` cannot play (`TERM` unset, empty or `dumb`: no
  /// escape sequences), or `nil` when it can.
  public static func terminalProblem(_ env: [String: String] = ProcessInfo.processInfo.environment)
    -> RingError?
  {
    switch env["TERM"] {
    case nil, "":
      return RingError(
        .cannotPlay, "TERM is not set: the player cannot know this terminal's escape sequences")
    case "dumb"?:
      return RingError(
        .cannotPlay,
        "TERM=dumb: this terminal cannot show the escape sequences the player draws with")
    default: return nil
    }
  }

  private let options: Options
  /// The graphics drawn: `options.graphics`, but half-blocks for kitty in a tmux that does
  /// not pass it on.
  private let graphics: Graphics
  /// Kitty images wrapped in tmux's passthrough.
  private let kittyThroughTmux: Bool
  /// One line for standard error on why the player draws other graphics than asked, or `nil`.
  public let note: String?
  /// The terminal's background (OSC 11), asked once, on the first entry.
  private var terminalBackground: TerminalBackground?
  private var askedBackground = false
  private let output: Int32
  /// Where the player writes: the terminal opened again with O_NONBLOCK (its own file
  /// description, so standard output's flags do not change), else `output`.
  private var writer: Int32
  private let input: Int32
  private var saved = termios()
  private var raw = false
  /// Whether the terminal is in the player's modes (alternate screen, no cursor).
  private var entered = false
  private var cleanup: [ExitCleanup.Token] = []
  /// Whether `input` is still worth polling (not at end of file, not closed).
  private var inputOpen = true
  private var renderer: FrameRenderer?
  private var columns = 80
  private var rows = 24
  private var pixelSize = (width: 0, height: 0)
  /// The cell (0-based) where the frame's top-left corner is drawn, centring it.
  private var origin = (column: 0, row: 0)
  /// Set when the terminal is too small to show the whole ring: what it says instead.
  private var tooSmall: String?
  private var tooSmallShown = false
  private var previousCells: [UInt64] = []
  private var out: [UInt8] = []
  private var quantizer: GIFQuantizer?
  private var palette: GIFPalette?
  /// While paused: what the bottom row says (drawn after each frame); `nil` while playing.
  private var pauseLabel: String?

  /// Throws when `output` is not a terminal or `environment`'s TERM shows no escape
  /// sequences (`terminalProblem`).
  public init(
    options: Options, input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws {
    guard isatty(output) == 1 else {
      throw RingError(.cannotPlay, "standard output is not a terminal")
    }
    if let problem = TerminalPlayer.terminalProblem(environment) { throw problem }
    var graphics = options.graphics
    var note: String?
    var kittyThroughTmux = false
    if graphics == .kitty, environment["TMUX"] != nil {
      switch TmuxInfo.ask(environment)?.allowsPassthrough {
      case true?: kittyThroughTmux = true
      case false?:
        graphics = .truecolor
        note = "Note: tmux's allow-passthrough is off: half-blocks, not kitty images."
      case nil:
        graphics = .truecolor
        note = "Note: tmux did not say if it passes kitty images on; playing in half-blocks."
      }
    }
    self.graphics = graphics
    self.note = note
    self.kittyThroughTmux = kittyThroughTmux
    self.options = options
    self.input = input
    self.output = output
    self.writer = output
  }

  /// Runs until `q`, the duration, a terminating signal (`Termination.pending`) or
  /// `shouldStop`; the terminal is restored on return. Ctrl-Z restores the terminal and
  /// stops the process; `fg` re-enters and redraws. Standard input at end of file is no
  /// longer watched (the animation plays on); a terminal that hangs up ends it with an error.
  public func run(shouldStop: () -> Bool = { false }) throws {
    // Half a second to leave the alternate screen in order after SIGINT/SIGTERM/SIGHUP.
    Termination.setGrace(seconds: 0.5)
    defer { Termination.setGrace(seconds: 0) }
    TerminalSignals.install()
    defer { TerminalSignals.uninstall() }
    writer = TerminalPlayer.nonBlockingDescriptor(for: output)
    defer {
      if writer != output { close(writer) }
      writer = output
    }
    enter()
    defer { leave() }
    try refit()
    var schedule = FrameSchedule(
      framesPerSecond: options.framesPerSecond, duration: options.duration,
      paused: options.reducedMotion)
    if options.reducedMotion { pauseLabel = "Still (reduced motion): space plays, q quits" }
    // Paused from the start: the held frame, drawn once.
    if schedule.isPaused { try drawFrame(at: schedule.now) }
    while true {
      if shouldStop() || Termination.pending != 0 || schedule.isOver { return }
      let events = TerminalSignals.take()
      if events.contains(.suspend) {
        suspend()
        // Continued only to end: nothing more is drawn on the shell's screen.
        if !entered { return }
      }
      // Back from a stop (ours or anyone's) or resized: clear and draw every cell now.
      if !events.isEmpty { try refit() }
      if let time = schedule.dueFrame() {
        try drawFrame(at: time)
      } else if !events.isEmpty {
        try drawFrame(at: schedule.now)
      }
      var fds = [
        pollfd(fd: TerminalSignals.wakeDescriptor, events: Int16(POLLIN), revents: 0),
        pollfd(fd: Termination.wakeDescriptor, events: Int16(POLLIN), revents: 0),
        pollfd(fd: inputOpen ? input : -1, events: Int16(POLLIN), revents: 0),
      ]
      guard poll(&fds, nfds_t(fds.count), schedule.wait()) > 0 else { continue }
      if fds[0].revents != 0 { TerminalSignals.drain() }
      if fds[2].revents != 0 {
        let keys = try readInput(fds[2].revents)
        if keys.quit { return }
        if keys.pauses % 2 == 1 {
          schedule.togglePause()
          try showPause(schedule.isPaused, at: schedule.now)
        }
      }
    }
  }

  /// Pausing draws the held frame (the one at the paused time) with its label; playing
  /// again clears the label and redraws every cell with the next frame.
  private func showPause(_ paused: Bool, at time: MediaTime) throws {
    if paused {
      pauseLabel = "Paused: space plays, q quits"
      try drawFrame(at: time)
    } else if let label = pauseLabel {
      pauseLabel = nil
      write("\u{1B}[0m\u{1B}[\(rows);1H" + String(repeating: " ", count: min(columns, label.count)))
      previousCells = []
    }
  }

  /// Reads what is waiting on `input`: whether a key asks to quit, and how many times the
  /// space bar was pressed. End of file stops the polling of `input`; a terminal that hung
  /// up throws.
  private func readInput(_ revents: Int16) throws -> (quit: Bool, pauses: Int) {
    let none = (quit: false, pauses: 0)
    if revents & Int16(POLLNVAL) != 0 {
      inputOpen = false
      return none
    }
    var bytes = [UInt8](repeating: 0, count: 64)
    let n = retryingOnInterrupt { read(input, &bytes, bytes.count) }
    if n > 0 {
      // A terminal's late reply to a query (ESC ], ESC P or ESC [ and more) is not Esc.
      if n > 1, bytes[0] == 27,
        [UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "[")].contains(
          bytes[1])
      {
        return none
      }
      let typed = bytes[0..<n]
      return (
        typed.contains { $0 == UInt8(ascii: "q") || $0 == UInt8(ascii: "Q") || $0 == 27 },
        typed.filter { $0 == UInt8(ascii: " ") }.count
      )
    }
    if n < 0 && errno == EAGAIN { return none }
    // A terminal reports a hang-up as POLLHUP/POLLERR or EIO; a pipe or file is just over.
    if isatty(input) == 1 || (n < 0 && errno == EIO) {
      if n < 0 || revents & Int16(POLLHUP | POLLERR) != 0 {
        throw RingError(.cannotPlay, "the terminal hung up")
      }
    }
    inputOpen = false
    return none
  }

  // MARK: Terminal state

  private func enter() {
    entered = true
    // Registered first, so the emergency path leaves the screen modes, then the termios.
    cleanup.append(
      ExitCleanup.registerTerminal(fd: writer, attributes: nil, reset: Array(resetSequence.utf8)))
    if isatty(input) == 1 {
      // From a background process group this stops the process (SIGTTOU) until `fg`.
      tcgetattr(input, &saved)
      var attributes = saved
      attributes.c_lflag &= ~tcflag_t(ICANON | ECHO)
      withUnsafeMutableBytes(of: &attributes.c_cc) { cc in
        cc[Int(VMIN)] = 1
        cc[Int(VTIME)] = 0
      }
      tcsetattr(input, TCSANOW, &attributes)
      raw = true
      cleanup.append(ExitCleanup.registerTerminal(fd: input, attributes: saved, reset: []))
      if !askedBackground {
        askedBackground = true
        terminalBackground = TerminalBackground.ask(input: input, output: writer)
      }
    }
    write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
  }

  /// Whether this process group owns the terminal (or the terminal does not say).
  private var inForeground: Bool {
    let group = tcgetpgrp(output)
    return group < 0 || group == getpgrp()
  }

  private var resetSequence: String {
    var reset = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
    if graphics == .kitty {
      let delete = "\u{1B}_Ga=d,d=A,q=2\u{1B}\\"
      reset = (kittyThroughTmux ? KittyGraphics.tmuxPassthrough(delete) : delete) + reset
    }
    return reset
  }

  private func leave() {
    guard entered else { return }
    entered = false
    // Ending on a signal: frames still queued for a terminal that stopped reading are
    // dropped, so the reset fits and arrives now.
    if Termination.pending != 0 { tcflush(writer, TCOFLUSH) }
    write(resetSequence)
    if raw { tcsetattr(input, TCSANOW, &saved) }
    raw = false
    for token in cleanup { ExitCleanup.unregister(token) }
    cleanup = []
  }

  /// Ctrl-Z: restores the terminal, stops the process as SIGTSTP's default action does,
  /// and on SIGCONT takes the terminal again.
  private func suspend() {
    leave()
    TerminalSignals.stopProcess()
    // Continued in the background (`bg`, or `kill %1`: SIGTERM, then SIGCONT): the screen is
    // the shell's. Wait, drawing nothing, for `fg` or for the end.
    while !inForeground && Termination.pending == 0 {
      var fds = [
        pollfd(fd: TerminalSignals.wakeDescriptor, events: Int16(POLLIN), revents: 0),
        pollfd(fd: Termination.wakeDescriptor, events: Int16(POLLIN), revents: 0),
      ]
      _ = poll(&fds, 2, 200)
      TerminalSignals.drain()
      if TerminalSignals.take().contains(.suspend) { TerminalSignals.stopProcess() }
    }
    if Termination.pending != 0 { return }
    enter()
  }

  private func write(_ text: String) {
    out.removeAll(keepingCapacity: true)
    out.append(contentsOf: text.utf8)
    _ = try? flush()
  }

  /// `fd`'s terminal opened again, non-blocking; `fd` itself when that fails.
  static func nonBlockingDescriptor(for fd: Int32) -> Int32 {
    guard let name = ttyname(fd) else { return fd }
    let reopened = open(name, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    return reopened >= 0 ? reopened : fd
  }

  /// Writes `out` to the terminal, waiting for room while it is full; gives up at once when
  /// a terminating signal arrives (the terminal may have stopped reading); throws when the
  /// terminal is gone (EIO, ENXIO, EPIPE...).
  private func flush() throws {
    defer { out.removeAll(keepingCapacity: true) }
    var offset = 0
    while offset < out.count {
      let n = out.withUnsafeBufferPointer { pending in
        retryingOnInterrupt {
          Foundation.write(writer, pending.baseAddress! + offset, pending.count - offset)
        }
      }
      if n < 0 {
        if errno == EAGAIN {
          if Termination.pending != 0 { return }
          var fds = [
            pollfd(fd: writer, events: Int16(POLLOUT), revents: 0),
            pollfd(fd: Termination.wakeDescriptor, events: Int16(POLLIN), revents: 0),
          ]
          _ = poll(&fds, 2, 100)
          if Termination.pending != 0 { return }
          continue
        }
        throw RingError(.cannotPlay, "the terminal hung up (\(String(cString: strerror(errno))))")
      }
      offset += n
    }
  }

  /// Reads the terminal's size and fits the scene to it.
  private func refit() throws {
    var ws = winsize()
    if ioctl(output, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 0 {
      columns = Int(ws.ws_col)
      rows = Int(ws.ws_row)
      pixelSize = (Int(ws.ws_xpixel), Int(ws.ws_ypixel))
    }
    let natural = options.content.focusedSize
    var width: Int
    var height: Int
    // Pixels per cell.
    var cell = (width: 1, height: 2)
    switch graphics {
    case .kitty, .sixel:
      // Full resolution: the window's pixels, or 8 x 16 per cell when the terminal does not say.
      cell.width = pixelSize.width > 0 ? max(1, pixelSize.width / columns) : 8
      cell.height = pixelSize.height > 0 ? max(1, pixelSize.height / rows) : 16
      width = pixelSize.width > 0 ? pixelSize.width : columns * cell.width
      height = pixelSize.height > 0 ? pixelSize.height - cell.height : (rows - 1) * cell.height
    default:
      width = columns
      height = rows * 2
    }
    let least = options.content.leastTerminalScale
    let room = (width: width, height: height)
    // Below the smallest scale the ring would be cut to its empty middle: say so instead
    // (a pane as wide as the ring but short still shows its sides).
    let leastSize = (
      columns: Int((natural.width * least / Double(cell.width)).rounded(.up)),
      rows: Int((natural.height * least / Double(cell.height)).rounded(.up))
        + (graphics == .kitty || graphics == .sixel ? 1 : 0)
    )
    tooSmall =
      columns < leastSize.columns || rows < leastSize.rows / 2
      ? "Terminal too small: \(columns)x\(rows); the ring needs \(leastSize.columns)x\(leastSize.rows)."
      : nil
    let scale = max(
      least, min(16, min(Double(width) / natural.width, Double(height) / natural.height)))
    width = min(width, Int((natural.width * scale).rounded()))
    height = min(height, Int((natural.height * scale).rounded()))
    origin = (
      max(0, (room.width - width) / 2 / cell.width),
      max(0, (room.height - height) / 2 / cell.height)
    )
    renderer = try options.content.renderer(
      width: width, height: height, scale: scale, background: options.background,
      swapsRedAndBlue: false, focused: true)
    previousCells = []
    tooSmallShown = false
    if graphics == .sixel {
      let matte =
        options.background
        ?? (options.content.hasOpaqueHost
          ? .white
          : terminalBackground.map {
            RGBAColor(
              unchecked: Double($0.red) / 255, Double($0.green) / 255, Double($0.blue) / 255)
          } ?? .black)
      let p = GIFPalette(colors: options.content.paletteColors, matte: matte)
      palette = p
      quantizer = GIFQuantizer(palette: p)
    }
    write("\u{1B}[0m\u{1B}[2J")
  }

  private func drawFrame(at time: MediaTime) throws {
    if let tooSmall {
      // Once per fit (a resize refits): from the top left, wrapped to the width.
      if tooSmallShown { return }
      let text = Array(tooSmall)
      for row in 0..<min(rows, (text.count + columns - 1) / columns) {
        let piece = text[(row * columns)..<min(text.count, (row + 1) * columns)]
        write("\u{1B}[\(row + 1);1H" + String(piece))
      }
      tooSmallShown = true
      try flush()
      return
    }
    guard let renderer else { return }
    try options.content.advance(to: time)
    let frame = renderer.render(at: time)
    switch graphics {
    case .truecolor, .palette256, .monochrome: drawCells(frame)
    case .kitty: drawKitty(frame)
    case .sixel: drawSixel(frame)
    }
    if let pauseLabel {
      // Bottom left, reversed: beside the ring in a wide pane, on its empty corner else.
      out.append(
        contentsOf: "\u{1B}[0m\u{1B}[\(rows);1H\u{1B}[7m\(pauseLabel.prefix(columns))\u{1B}[0m"
          .utf8)
    }
    try flush()
  }

  // MARK: Half-block cells

  private func drawCells(_ frame: Pixmap) {
    let cellRows = (frame.height + 1) / 2
    let cols = min(columns - origin.column, frame.width)
    if previousCells.count != cellRows * cols {
      previousCells = [UInt64](repeating: UInt64.max, count: cellRows * cols)
    }
    var lastFg: UInt32? = nil
    var lastBg: UInt32? = nil
    var cursor = (row: -1, col: -1)
    let mono = graphics == .monochrome
    let background = terminalBackground?.pixel
    frame.pixels.withUnsafeBufferPointer { px in
      for cy in 0..<min(cellRows, rows - origin.row) {
        for cx in 0..<cols {
          let top = px[(2 * cy) * frame.width + cx]
          let bottom = 2 * cy + 1 < frame.height ? px[(2 * cy + 1) * frame.width + cx] : 0
          let key = UInt64(top) << 32 | UInt64(bottom)
          if previousCells[cy * cols + cx] == key { continue }
          previousCells[cy * cols + cx] = key
          let (row, col) = (origin.row + cy, origin.column + cx)
          if cursor != (row, col) { out.append(contentsOf: "\u{1B}[\(row + 1);\(col + 1)H".utf8) }
          if mono {
            let a = max(top >> 24, bottom >> 24)
            let shades = [" ", "░", "▒", "▓", "█"]
            out.append(contentsOf: shades[Int((a * 4 + 127) / 255)].utf8)
          } else {
            let cell = HalfBlockCell(top: top, bottom: bottom, over: background)
            if cell.foreground != lastFg || lastFg == nil {
              out.append(contentsOf: sgr(cell.foreground, foreground: true).utf8)
              lastFg = cell.foreground
            }
            if cell.background != lastBg || lastBg == nil {
              out.append(contentsOf: sgr(cell.background, foreground: false).utf8)
              lastBg = cell.background
            }
            out.append(contentsOf: cell.glyph.utf8)
          }
          cursor = (row, col + 1)
        }
      }
    }
  }

  private func sgr(_ color: UInt32?, foreground: Bool) -> String {
    guard let c = color else { return foreground ? "\u{1B}[39m" : "\u{1B}[49m" }
    let r = Int(c & 0xFF)
    let g = Int(c >> 8 & 0xFF)
    let b = Int(c >> 16 & 0xFF)
    if graphics == .palette256 {
      return "\u{1B}[\(foreground ? 38 : 48);5;\(TerminalPlayer.xterm256(r, g, b))m"
    }
    return "\u{1B}[\(foreground ? 38 : 48);2;\(r);\(g);\(b)m"
  }

  /// The nearest xterm 256-colour index (6 x 6 x 6 cube or grey ramp).
  static func xterm256(_ r: Int, _ g: Int, _ b: Int) -> Int {
    let levels = [0, 95, 135, 175, 215, 255]
    func nearest(_ v: Int) -> Int {
      levels.indices.min { abs(levels[$0] - v) < abs(levels[$1] - v) }!
    }
    let (ri, gi, bi) = (nearest(r), nearest(g), nearest(b))
    let cube = 16 + 36 * ri + 6 * gi + bi
    let cubeError = [(levels[ri], r), (levels[gi], g), (levels[bi], b)].reduce(0) {
      $0 + ($1.0 - $1.1) * ($1.0 - $1.1)
    }
    let grey = max(0, min(23, ((r + g + b) / 3 - 8 + 5) / 10))
    let gv = 8 + 10 * grey
    let greyError = (gv - r) * (gv - r) + (gv - g) * (gv - g) + (gv - b) * (gv - b)
    return greyError < cubeError ? 232 + grey : cube
  }

  // MARK: Images

  private func drawKitty(_ frame: Pixmap) {
    out.append(contentsOf: "\u{1B}[\(origin.row + 1);\(origin.column + 1)H".utf8)
    out.append(
      contentsOf: KittyGraphics.encode(frame, imageID: 1, throughTmux: kittyThroughTmux).utf8)
  }

  private func drawSixel(_ frame: Pixmap) {
    guard var quantizer, let palette else { return }
    out.append(contentsOf: "\u{1B}[\(origin.row + 1);\(origin.column + 1)H".utf8)
    out.append(contentsOf: Sixel.encode(frame, palette: palette, quantizer: &quantizer))
    self.quantizer = quantizer
  }
}
