import CLinux
import Foundation
import RingSystem
import Testing

@Suite struct ExitCleanupTests {
  /// The emergency cleanup of a player in its terminal (a crash, a terminating signal):
  /// the output's reset and what the program printed reach a terminal that has not read yet,
  /// also when the player's input, registered after its output, is the same terminal (its
  /// flush came after the reset and dropped it).
  @Test(arguments: [false, true])
  func theResetAndTheHeldOutputReachATerminalThatIsBehind(inputToo: Bool) throws {
    var (master, input): (Int32, Int32) = (-1, -1)
    try #require(openpty(&master, &input, nil, nil, nil) == 0)
    defer { close(master) }
    // The player writes through its own non-blocking descriptor of the terminal.
    var name = [CChar](repeating: 0, count: 256)
    try #require(ttyname_r(input, &name, name.count) == 0)
    let path = String(
      decoding: name.prefix { $0 != 0 }.map { UInt8(truncatingIfNeeded: $0) }, as: UTF8.self)
    let output = open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY)
    try #require(output >= 0)
    defer {
      close(output)
      close(input)
    }
    // The terminal is raw: what is written arrives byte for byte.
    var attributes = termios()
    tcgetattr(input, &attributes)
    cfmakeraw(&attributes)
    tcsetattr(input, TCSANOW, &attributes)
    // What the program printed, held in a private file; the stream it goes back to.
    var template = Array("/tmp/ring-exit-cleanup-XXXXXX".utf8CString)
    let held = mkstemp(&template)
    try #require(held >= 0)
    unlink(template)
    defer { close(held) }
    _ = Array("printed before\n".utf8).withUnsafeBytes { write(held, $0.baseAddress, $0.count) }
    let stream = dup(input)
    let original = dup(input)
    defer {
      close(stream)
      close(original)
    }
    // Frames the terminal has not read, more than it takes in before it reads (a terminal
    // behind, as tmux is on a loaded machine), then the emergency cleanup, in the order the
    // player registers: its output, then its input.
    let frames = [UInt8](repeating: UInt8(ascii: "f"), count: 8_192)
    #expect(frames.withUnsafeBytes { write(output, $0.baseAddress, $0.count) } == frames.count)
    var entries: [ExitCleanup.Entry] = [
      .terminal(fd: output, attributes: nil, reset: Array("<reset>".utf8))
    ]
    if inputToo { entries.append(.terminal(fd: input, attributes: attributes, reset: [])) }
    entries.append(.heldStream(file: held, stream: stream, original: original))
    ExitCleanup.perform(entries)
    // The frames the terminal had not taken in are dropped; the reset and the held output
    // arrive after the rest, in that order.
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 256)
    var fds = [pollfd(fd: master, events: Int16(POLLIN), revents: 0)]
    while poll(&fds, 1, 500) > 0 {
      let n = read(master, &buffer, buffer.count)
      if n <= 0 { break }
      received += buffer[0..<n]
    }
    let end = Array("<reset>printed before\n".utf8)
    #expect(received.count < frames.count && received.suffix(end.count) == end[...])
    #expect(received.dropLast(end.count).allSatisfy { $0 == UInt8(ascii: "f") })
  }
}
