import CX11
import Foundation

/// A private Xvfb server for one test.
public final class VirtualDisplay {
  public let number: Int
  private let process = Process()

  /// A server whose screen is `depth` bits deep (8 is PseudoColor, 16 TrueColor 5-6-5),
  /// its default visual of X class `visualClass` when given (5 is DirectColor).
  public init(depth: Int = 24, visualClass: Int? = nil) throws {
    // A display number nobody uses (no socket yet), so this server is ours.
    // (Neither its socket nor its lock file exists: Xvfb refuses a display with a lock.)
    var n = 90 + Int.random(in: 0..<400)
    while VirtualDisplay.inUse(n) { n += 1 }
    number = n
    process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
    process.arguments =
      [
        ":\(number)", "-screen", "0", "800x800x\(depth)", "-nolisten", "tcp", "-dpi", "96",
      ] + (visualClass.map { ["-cc", "\($0)"] } ?? [])
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    for _ in 0..<100 where !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") {
      Thread.sleep(forTimeInterval: 0.05)
    }
    // The socket appears before the server accepts clients: wait until one connects.
    var ready = false
    for _ in 0..<100 where !ready && process.isRunning {
      ready = (try? runTool("env", ["DISPLAY=:\(number)", "xdotool", "getdisplaygeometry"])) != nil
      if !ready { Thread.sleep(forTimeInterval: 0.1) }
    }
    guard ready else { throw ToolFailure(message: "Xvfb :\(number) did not start") }
  }

  deinit {
    // SIGKILL: a test runner may start children with SIGTERM blocked. A killed server
    // leaves its lock file and socket, which would refuse the number to the next one.
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    try? FileManager.default.removeItem(atPath: "/tmp/.X\(number)-lock")
    try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(number)")
  }

  public static func inUse(_ n: Int) -> Bool {
    FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(n)")
      || FileManager.default.fileExists(atPath: "/tmp/.X\(n)-lock")
  }

  public var name: String { ":\(number)" }

  /// Asks `window` to close the way a window manager's close button does.
  public func sendDeleteWindow(to window: UInt) throws {
    guard let display = XOpenDisplay(name) else {
      throw ToolFailure(message: "cannot open \(name)")
    }
    defer { XCloseDisplay(display) }
    var event = XEvent()
    event.xclient.type = ClientMessage
    event.xclient.window = Window(window)
    event.xclient.message_type = XInternAtom(display, "WM_PROTOCOLS", 0)
    event.xclient.format = 32
    event.xclient.data.l.0 = Int(XInternAtom(display, "WM_DELETE_WINDOW", 0))
    event.xclient.data.l.1 = Int(CurrentTime)
    guard XSendEvent(display, Window(window), 0, NoEventMask, &event) != 0 else {
      throw ToolFailure(message: "XSendEvent failed")
    }
    XFlush(display)
  }

  /// The screen's top-left `width` x `height` pixels as RGBA (xwd read by ImageMagick).
  public func screenshot(width: Int, height: Int) throws -> [UInt8] {
    let xwd = try runTool("xwd", ["-root", "-silent", "-display", name])
    let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("shot-\(UUID()).xwd")
      .path
    try xwd.write(to: URL(fileURLWithPath: tmp))
    defer { try? FileManager.default.removeItem(atPath: tmp) }
    return [UInt8](
      try runTool(
        "/usr/bin/convert",
        ["xwd:" + tmp, "-crop", "\(width)x\(height)+0+0", "-depth", "8", "rgba:-"]))
  }
}
