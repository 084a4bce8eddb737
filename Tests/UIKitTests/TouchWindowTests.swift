import Foundation
import RingTestSupport
import Testing

/// A UIKit program in a real X11 window takes the mouse as touches: xdotool clicks its
/// button and switch, drags a card by its pan recogniser and double-clicks it, as a person
/// would; the program prints what it heard, and the screen shows the card where it was
/// dragged.
@Suite struct TouchWindowTests {
  @Test func clicksAndDragsReachAProgramInAWindow() throws {
    let program = try UIKitProgram.program("Touches")
    let x = try VirtualDisplay()
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("touches-\(UUID())")
    try #require(FileManager.default.createFile(atPath: out.path, contents: nil))
    defer { try? FileManager.default.removeItem(at: out) }
    let player = Process()
    player.executableURL = URL(fileURLWithPath: program)
    player.arguments = ["--window", "--scale", "1", "--duration", "60"]
    var env = ProcessInfo.processInfo.environment
    env["DISPLAY"] = x.name
    player.environment = env
    player.standardOutput = try FileHandle(forWritingTo: out)
    player.standardError = FileHandle.nullDevice
    try player.run()
    defer { if player.isRunning { kill(player.processIdentifier, SIGKILL) } }
    func xdotool(_ args: [String]) throws -> String {
      String(decoding: try runTool("env", ["DISPLAY=\(x.name)", "xdotool"] + args), as: UTF8.self)
    }
    var id = ""
    let deadline = Date().addingTimeInterval(30)
    while id.isEmpty && Date() < deadline && player.isRunning {
      Thread.sleep(forTimeInterval: 0.2)
      id =
        (try? xdotool(["search", "--name", "Touches"]))?.split(separator: "\n").first
        .map(String.init) ?? ""
    }
    try #require(!id.isEmpty, "a window named Touches appears")
    Thread.sleep(forTimeInterval: 0.5)
    func at(_ px: Int, _ py: Int) -> [String] { ["mousemove", "--window", id, "\(px)", "\(py)"] }
    // The button, then the switch.
    _ = try xdotool(at(70, 42) + ["click", "1"])
    Thread.sleep(forTimeInterval: 0.3)
    _ = try xdotool(at(45, 195) + ["click", "1"])
    Thread.sleep(forTimeInterval: 0.3)
    // The card (60 points about (170, 50)) dragged 50 points down, in steps.
    _ = try xdotool(at(170, 50) + ["mousedown", "1"])
    for y in stride(from: 60, through: 100, by: 10) {
      Thread.sleep(forTimeInterval: 0.05)
      _ = try xdotool(at(170, y))
    }
    Thread.sleep(forTimeInterval: 0.05)
    _ = try xdotool(["mouseup", "1"])
    Thread.sleep(forTimeInterval: 0.5)
    let shot = try x.screenshot(width: 240, height: 240)
    func pixel(_ px: Int, _ py: Int) -> [Int] {
      let i = (py * 240 + px) * 4
      return [Int(shot[i]), Int(shot[i + 1]), Int(shot[i + 2])]
    }
    #expect(pixel(170, 100)[0] > 240 && pixel(170, 100)[2] < 40, "orange where it was dragged")
    #expect(pixel(170, 40) == [255, 255, 255], "white where it was")
    // Two quick clicks on it: a double tap.
    _ = try xdotool(at(170, 100) + ["click", "--repeat", "2", "--delay", "80", "1"])
    Thread.sleep(forTimeInterval: 0.5)
    _ = try xdotool(["windowfocus", "--sync", id, "key", "q"])
    let end = Date().addingTimeInterval(10)
    while player.isRunning && Date() < end { Thread.sleep(forTimeInterval: 0.05) }
    #expect(!player.isRunning && player.terminationStatus == 0, "q closes it, exit 0")
    let printed = try String(contentsOf: out, encoding: .utf8)
    #expect(printed == "tapped 1\nswitch on\ncard at 170,100\ndouble tap\n")
  }
}
