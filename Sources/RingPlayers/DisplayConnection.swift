import CX11
import Foundation
import RingGraphics
import RingSystem

/// A connection to an X display, opened with a deadline.
///
/// `XOpenDisplay` waits forever for a server that accepts the connection and never answers
/// (a stuck server, a stale forwarded socket). So the connection is opened on a helper
/// thread, and the caller gives up after `timeout` seconds. The abandoned thread is leaked:
/// it stays blocked in Xlib until the server answers or closes the socket (then it closes
/// whatever it opened), or until the process exits. One thread per give-up: `rainbow-ring`
/// opens a display once per run (the player reuses the connection the choice opened).
public final class DisplayConnection: @unchecked Sendable {
  let display: OpaquePointer
  /// The display's name, as given or from DISPLAY.
  public let name: String

  private init(display: OpaquePointer, name: String) {
    self.display = display
    self.name = name
  }

  deinit { XCloseDisplay(display) }

  /// What the helper thread hands back, under a lock.
  private final class Attempt: @unchecked Sendable {
    let lock = NSLock()
    let done = DispatchSemaphore(value: 0)
    var display: OpaquePointer?
    var finished = false
    var abandoned = false
  }

  private final class Body {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
  }

  private static let threadsReady: Void = { XInitThreads() }()

  /// Opens display `name` (DISPLAY when `nil`). A refusal is retried every 0.1 s (a busy
  /// server can refuse a client right after accepting another); a server that has not
  /// answered within `timeout` seconds is given up.
  public static func open(_ name: String? = nil, timeout: Double = 2) throws(RingError)
    -> DisplayConnection
  {
    let shown = name ?? ProcessInfo.processInfo.environment["DISPLAY"] ?? ""
    guard !shown.isEmpty else { throw RingError(.cannotPlay, "no X display (DISPLAY is not set)") }
    _ = threadsReady
    let attempt = Attempt()
    let body = Unmanaged.passRetained(
      Body {
        let deadline = MonotonicClock.now() + timeout
        var display = XOpenDisplay(shown)
        while display == nil && MonotonicClock.now() + 0.1 < deadline {
          usleep(100_000)
          display = XOpenDisplay(shown)
        }
        attempt.lock.lock()
        if attempt.abandoned {
          attempt.lock.unlock()
          if let display { XCloseDisplay(display) }
          return
        }
        attempt.display = display
        attempt.finished = true
        attempt.lock.unlock()
        attempt.done.signal()
      })
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    var thread = pthread_t()
    let started = pthread_create(
      &thread, &attributes,
      { context in
        Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
        return nil
      }, body.toOpaque())
    guard started == 0 else {
      body.release()
      throw RingError(
        .cannotPlay,
        "cannot start a thread to open the X display", systemError: started)
    }
    _ = attempt.done.wait(timeout: .now() + timeout)
    attempt.lock.lock()
    defer { attempt.lock.unlock() }
    guard attempt.finished else {
      attempt.abandoned = true
      throw RingError(
        .cannotPlay,
        "the X display '\(shown)' did not answer within \(String(format: "%g", timeout)) s")
    }
    guard let display = attempt.display else {
      throw RingError(.cannotPlay, "cannot open the X display '\(shown)'")
    }
    return DisplayConnection(display: display, name: shown)
  }

  /// Throws unless the default visual is 24-bit TrueColor (the only one the player draws).
  public func requireTrueColor() throws(RingError) {
    let screen = XDefaultScreen(display)
    let visual = XDefaultVisual(display, screen)!
    let depth = XDefaultDepth(display, screen)
    // DirectColor has the same masks but looks its values up in a colormap: not drawable
    // as plain RGB.
    let isTrueColor = visual.pointee.`class` == TrueColor
    guard isTrueColor, visual.pointee.red_mask == 0xFF0000, visual.pointee.green_mask == 0xFF00,
      visual.pointee.blue_mask == 0xFF, depth >= 24
    else {
      let kind =
        isTrueColor ? "\(depth)-bit" : "\(depth)-bit \(Self.className(visual.pointee.`class`))"
      throw RingError(
        .cannotPlay,
        "the X display '\(name)' is \(kind), not 24-bit TrueColor, and the window player draws only that"
      )
    }
  }

  /// The name of an X visual class.
  static func className(_ value: Int32) -> String {
    switch value {
    case StaticGray: "StaticGray"
    case GrayScale: "GrayScale"
    case StaticColor: "StaticColor"
    case PseudoColor: "PseudoColor"
    case TrueColor: "TrueColor"
    case DirectColor: "DirectColor"
    default: "class \(value)"
    }
  }
}
