import CX11
import Foundation
import RainbowRing

/// Plays the animation in an X11 window: MIT-SHM images when the server offers them, plain
/// `XPutImage` otherwise; only the pixels a frame changed are sent.
///
/// `q`, Escape and the window's close button end it; the space bar pauses and resumes (the
/// title then ends in " (paused)"). The first mouse button's presses, drags and releases go
/// to a live tree (a UIKit program's touches) before the next frame. Resizing refits the scene. Nothing is drawn while the
/// window is unmapped, or while paused unless the window needs it. Frame times come from a
/// monotonic clock.
public final class WindowPlayer {
  /// Pixels per point a window is drawn at: `--scale`, or the display's DPI over 96.
  public static let scaleRange: ClosedRange<Double> = 1...4

  public struct Options: Sendable {
    public var content: PlayerContent
    /// Pixels per point; `nil` derives it from the display's DPI (96 DPI = 1).
    public var scale: Double?
    public var background: RGBAColor?
    public var framesPerSecond: Double
    /// Seconds to play; `nil` plays until closed.
    public var duration: Double?
    public var title = "RainbowRing"
    /// Reduced motion: the window opens paused on the frame at time 0 (the space bar still
    /// plays it).
    public var reducedMotion = false

    public init(
      ring: RainbowRing, scene: PlayerScene, scale: Double?, background: RGBAColor?,
      framesPerSecond: Double, duration: Double?
    ) {
      self.init(
        content: .ring(ring, scene), scale: scale, background: background,
        framesPerSecond: framesPerSecond, duration: duration)
    }

    public init(
      content: PlayerContent, scale: Double?, background: RGBAColor?, framesPerSecond: Double,
      duration: Double?
    ) {
      self.content = content
      self.scale = scale
      self.background = background
      self.framesPerSecond = framesPerSecond
      self.duration = duration
    }
  }

  private let options: Options
  /// Closes the display after `deinit` has destroyed the window.
  private let connection: DisplayConnection
  private let display: OpaquePointer
  private let window: Window
  private let visual: UnsafeMutablePointer<Visual>
  private let depth: Int32
  private let gc: GC
  private let deleteAtom: Atom
  private let scale: Double
  private var image: UnsafeMutablePointer<XImage>?
  private var shm = XShmSegmentInfo()
  private var usingShm = false
  private var renderer: FrameRenderer?
  private var size: (width: Int, height: Int)
  private var mapped = false
  private var needsFullUpdate = true
  private var awaitingCompletion = false
  /// Pointer events since the last frame, for the content (drags coalesced).
  private var pointerEvents: [PointerEvent] = []
  private lazy var completionEvent: Int32 = XShmGetEventBase(display) + ShmCompletion
  /// Frames drawn so far.
  public private(set) var framesDrawn = 0

  /// Whether X display `name` (DISPLAY when `nil`) can be opened within two seconds.
  public static func displayAvailable(_ name: String? = nil) -> Bool {
    (try? DisplayConnection.open(name, timeout: 2)) != nil
  }

  /// Opens the window on `connection` (else on DISPLAY, giving up after two seconds);
  /// throws when there is no display, it does not answer, or its visual is not 24-bit
  /// TrueColor.
  public init(options: Options, connection: DisplayConnection? = nil) throws {
    self.options = options
    let connection = try connection ?? DisplayConnection.open(timeout: 2)
    try connection.requireTrueColor()
    self.connection = connection
    let display = connection.display
    self.display = display
    let screen = XDefaultScreen(display)
    visual = XDefaultVisual(display, screen)
    depth = XDefaultDepth(display, screen)
    if let s = options.scale {
      scale = s
    } else {
      let mm = Double(XDisplayWidthMM(display, screen))
      let px = Double(XDisplayWidth(display, screen))
      let dpi = mm > 0 ? px / (mm / 25.4) : 96
      scale = min(max((dpi / 96).rounded(), Self.scaleRange.lowerBound), Self.scaleRange.upperBound)
    }
    // The scene's natural size, but never larger than the screen (the scene refits to
    // whatever size the window gets).
    let natural = options.content.naturalSize
    size = (
      min(Int((natural.width * scale).rounded(.up)), Int(XDisplayWidth(display, screen))),
      min(Int((natural.height * scale).rounded(.up)), Int(XDisplayHeight(display, screen)))
    )
    let root = XRootWindow(display, screen)
    window = XCreateSimpleWindow(
      display, root, 0, 0, UInt32(size.width), UInt32(size.height), 0, 0,
      XWhitePixel(display, screen))
    XStoreName(display, window, options.title)
    XSelectInput(
      display, window,
      KeyPressMask | StructureNotifyMask | ExposureMask | ButtonPressMask | ButtonReleaseMask
        | Button1MotionMask)
    var atom = XInternAtom(display, "WM_DELETE_WINDOW", 0)
    deleteAtom = atom
    XSetWMProtocols(display, window, &atom, 1)
    gc = XCreateGC(display, window, 0, nil)
    XMapWindow(display, window)
    XFlush(display)
  }

  deinit {
    destroyImage()
    XFreeGC(display, gc)
    // A window another client destroyed is gone already (destroying it again is an error).
    if !destroyed { XDestroyWindow(display, window) }
  }

  /// Whether another client destroyed the window (`xdotool windowclose`, `xkill`).
  private var destroyed = false

  /// Runs until closed, a key quits, `duration` passes or `shouldStop` says so.
  public func run(shouldStop: () -> Bool = { false }) throws {
    var schedule = FrameSchedule(
      framesPerSecond: options.framesPerSecond, duration: options.duration,
      paused: options.reducedMotion)
    showTitle(paused: schedule.isPaused)
    let fd = XConnectionNumber(display)
    while true {
      if shouldStop() || schedule.isOver { return }
      // Events first.
      while XPending(display) > 0 {
        var event = XEvent()
        XNextEvent(display, &event)
        if event.type == completionEvent {
          awaitingCompletion = false
          continue
        }
        switch event.type {
        case KeyPress:
          let sym = XLookupKeysym(&event.xkey, 0)
          if sym == KeySym(XK_q) || sym == KeySym(XK_Escape) || sym == KeySym(XK_Q) { return }
          if sym == KeySym(XK_space) {
            schedule.togglePause()
            showTitle(paused: schedule.isPaused)
            // The held frame is the one at the paused time, where playing resumes.
            if schedule.isPaused { needsFullUpdate = true }
          }
        case ButtonPress where event.xbutton.button == UInt32(Button1):
          queuePointer(.began, x: event.xbutton.x, y: event.xbutton.y, paused: schedule.isPaused)
        case MotionNotify:
          queuePointer(.moved, x: event.xmotion.x, y: event.xmotion.y, paused: schedule.isPaused)
        case ButtonRelease where event.xbutton.button == UInt32(Button1):
          queuePointer(.ended, x: event.xbutton.x, y: event.xbutton.y, paused: schedule.isPaused)
        case ClientMessage:
          if Atom(event.xclient.data.l.0) == deleteAtom { return }
        case DestroyNotify where event.xdestroywindow.window == window:
          destroyed = true
          return
        case ConfigureNotify:
          let w = Int(event.xconfigure.width)
          let h = Int(event.xconfigure.height)
          if w != size.width || h != size.height {
            size = (w, h)
            destroyImage()
            renderer = nil
          }
        case MapNotify:
          mapped = true
          needsFullUpdate = true
        case UnmapNotify:
          mapped = false
        case Expose:
          needsFullUpdate = true
        default: break
        }
      }
      if mapped, let time = schedule.dueFrame() {
        try draw(at: time)
      } else if mapped, schedule.isPaused, renderer == nil || needsFullUpdate {
        // Paused: the held frame, drawn again only when the window lost it (first map,
        // expose, resize).
        try draw(at: schedule.now)
      }
      if mapped && !schedule.isPaused {
        // Sleep until the next frame without watching the connection: the server's
        // completion event for the frame just sent would wake us a second time per frame.
        // Events wait for the next frame, and never more than 50 ms.
        _ = poll(nil, 0, min(schedule.wait(), 50))
      } else {
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        _ = poll(&pfd, 1, schedule.wait(idle: 0.25))
      }
    }
  }

  /// Keeps a pointer event (window pixels) for the next frame, in points; a drag replaces
  /// the drag before it. While paused, the program's clock stands still, so presses and
  /// drags are not passed on (a release still is, ending a press made while playing).
  private func queuePointer(_ phase: PointerEvent.Phase, x: Int32, y: Int32, paused: Bool) {
    guard case .tree = options.content, !paused || phase == .ended else { return }
    let event = PointerEvent(phase, at: Point(x: Double(x) / scale, y: Double(y) / scale))
    if phase == .moved, pointerEvents.last?.phase == .moved {
      pointerEvents[pointerEvents.count - 1] = event
    } else {
      pointerEvents.append(event)
    }
    if paused { needsFullUpdate = true }
  }

  /// The window's title: the options' own, with " (paused)" while the picture holds.
  private func showTitle(paused: Bool) {
    XStoreName(display, window, options.title + (paused ? " (paused)" : ""))
    XFlush(display)
  }

  private func draw(at time: MediaTime) throws {
    if renderer == nil {
      // A window cannot show through: transparent backgrounds become white.
      var background = options.background ?? .white
      if background.alpha < 1 {
        background = RGBAColor(unchecked: 1, 1, 1, 1).blended(under: background)
      }
      let r = try options.content.renderer(
        width: size.width, height: size.height, scale: scale, background: background,
        swapsRedAndBlue: true)
      renderer = r
      needsFullUpdate = true
    }
    if image == nil { try createImage() }
    guard let renderer, let image else { return }
    try options.content.advance(to: time)
    for event in pointerEvents { options.content.pointer(event) }
    pointerEvents.removeAll(keepingCapacity: true)
    if awaitingCompletion {
      // The server has not yet said it read the last frame (rare at these rates): wait.
      XSync(display, 0)
      awaitingCompletion = false
    }
    let stride = Int(image.pointee.bytes_per_line) / 4
    let dst = UnsafeMutableRawPointer(image.pointee.data!).assumingMemoryBound(to: UInt32.self)
    var rect: PixelRect
    if stride == renderer.frame.width && size.height >= renderer.frame.height {
      // The renderer writes the ring's pixels straight into the shared image (BGRA).
      rect = renderer.render(at: time, into: dst, targetHoldsLastFrame: !needsFullUpdate)
    } else {
      let frame = renderer.render(at: time)
      rect =
        needsFullUpdate
        ? PixelRect(x: 0, y: 0, width: frame.width, height: frame.height) : renderer.damage
      frame.pixels.withUnsafeBufferPointer { src in
        for y in rect.y..<min(rect.y + rect.height, size.height) {
          (dst + y * stride + rect.x).update(
            from: src.baseAddress! + y * frame.width + rect.x,
            count: min(rect.width, stride - rect.x))
        }
      }
    }
    needsFullUpdate = false
    rect.width = min(rect.width, size.width - rect.x)
    rect.height = min(rect.height, size.height - rect.y)
    guard rect.width > 0, rect.height > 0 else { return }
    if usingShm {
      // Asks for a completion event: the next frame writes the shared image only after it.
      XShmPutImage(
        display, window, gc, image, Int32(rect.x), Int32(rect.y), Int32(rect.x), Int32(rect.y),
        UInt32(rect.width), UInt32(rect.height), 1)
      awaitingCompletion = true
    } else {
      XPutImage(
        display, window, gc, image, Int32(rect.x), Int32(rect.y), Int32(rect.x), Int32(rect.y),
        UInt32(rect.width), UInt32(rect.height))
    }
    XFlush(display)
    framesDrawn += 1
  }

  /// Whether the last image uses shared memory.
  public var sharedMemory: Bool { usingShm }

  private func createImage() throws {
    let w = UInt32(max(1, size.width))
    let h = UInt32(max(1, size.height))
    if XShmQueryExtension(display) != 0,
      ProcessInfo.processInfo.environment["RAINBOW_RING_NO_SHM"] == nil,
      let img = XShmCreateImage(display, visual, UInt32(depth), ZPixmap, nil, &shm, w, h)
    {
      let bytes = Int(img.pointee.bytes_per_line) * Int(h)
      shm.shmid = shmget(IPC_PRIVATE, bytes, IPC_CREAT | 0o600)
      if shm.shmid >= 0, let addr = shmat(shm.shmid, nil, 0),
        addr != UnsafeMutableRawPointer(bitPattern: -1)
      {
        shm.shmaddr = addr.assumingMemoryBound(to: CChar.self)
        shm.readOnly = 0
        img.pointee.data = shm.shmaddr
        XShmAttach(display, &shm)
        XSync(display, 0)
        shmctl(shm.shmid, IPC_RMID, nil)  // freed once both sides detach
        image = img
        usingShm = true
        return
      }
      img.pointee.data = nil
      rr_x_destroy_image(img)
    }
    let bytesPerLine = Int(w) * 4
    let data = malloc(bytesPerLine * Int(h))!.assumingMemoryBound(to: CChar.self)
    guard
      let img = XCreateImage(
        display, visual, UInt32(depth), ZPixmap, 0, data, w, h, 32, Int32(bytesPerLine))
    else {
      free(data)
      throw RingError(.cannotPlay, "cannot create an X image of \(w)x\(h)")
    }
    image = img
    usingShm = false
  }

  private func destroyImage() {
    guard let img = image else { return }
    if usingShm {
      XShmDetach(display, &shm)
      XSync(display, 0)
      shmdt(shm.shmaddr)
      img.pointee.data = nil
    }
    rr_x_destroy_image(img)
    image = nil
  }
}
