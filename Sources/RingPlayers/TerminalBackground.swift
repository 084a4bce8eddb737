import Foundation
import RingGraphics
import RingSystem

/// The terminal's own background colour, asked with OSC 11 (`ESC ] 11 ; ? ESC \`), so that
/// partly covered pixels can be blended over what the terminal really shows.
///
/// The question goes out with a primary device attributes request (`ESC [ c`), which every
/// terminal answers, after it: a terminal that does not know OSC 11 answers only that, and
/// the player does not wait out the whole timeout.
public struct TerminalBackground: Hashable, Sendable {
  /// The colour as 8-bit red, green and blue.
  public var red: UInt8
  public var green: UInt8
  public var blue: UInt8

  public init(red: UInt8, green: UInt8, blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// The colour as an opaque packed pixel (red in the low byte, as `Pixmap` stores it).
  public var pixel: UInt32 {
    0xFF00_0000 | UInt32(blue) << 16 | UInt32(green) << 8 | UInt32(red)
  }

  /// The colour in an OSC 11 reply found in `bytes`: `ESC ] 11 ; rgb:R/G/B` (or `rgba:`
  /// with an alpha that is ignored) ended by `ESC \` or BEL, each channel 1 to 4 hex digits
  /// scaled to 8 bits (`ffff` and `ff` are 255, `8080` and `80` are 128). `nil` when there
  /// is no well-formed reply.
  public init?(reply bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    guard let start = text.range(of: "\u{1B}]11;") else { return nil }
    let rest = text[start.upperBound...]
    guard let end = rest.firstIndex(where: { $0 == "\u{07}" || $0 == "\u{1B}" }) else {
      return nil
    }
    let spec = rest[..<end]
    let fields: Substring
    if spec.hasPrefix("rgb:") {
      fields = spec.dropFirst(4)
    } else if spec.hasPrefix("rgba:") {
      fields = spec.dropFirst(5)
    } else {
      return nil
    }
    let channels = fields.split(separator: "/", omittingEmptySubsequences: false)
    guard channels.count == 3 || (channels.count == 4 && spec.hasPrefix("rgba:")) else {
      return nil
    }
    var values: [UInt8] = []
    for channel in channels.prefix(3) {
      guard (1...4).contains(channel.count), let v = UInt32(channel, radix: 16) else {
        return nil
      }
      let maximum = UInt32(1) << (4 * UInt32(channel.count)) - 1
      values.append(UInt8((v * 255 + maximum / 2) / maximum))
    }
    self.init(red: values[0], green: values[1], blue: values[2])
  }

  /// The query: OSC 11 ended by ST, then a device attributes request.
  static let query = Array("\u{1B}]11;?\u{1B}\\\u{1B}[c".utf8)

  /// Asks the terminal on `output` and reads its replies from `input` (already in raw mode)
  /// until the device attributes reply comes or `timeout` seconds pass. `nil` without an
  /// answer to OSC 11.
  static func ask(input: Int32, output: Int32, timeout: Double = 0.15) -> TerminalBackground? {
    let written = query.withUnsafeBufferPointer { q in
      retryingOnInterrupt { write(output, q.baseAddress!, q.count) }
    }
    guard written == query.count else { return nil }
    var replies: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 256)
    let deadline = MonotonicClock.now() + timeout
    while !TerminalBackground.endsWithDeviceAttributes(replies) {
      let left = deadline - MonotonicClock.now()
      guard left > 0 else { break }
      var fd = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
      guard poll(&fd, 1, Int32((left * 1000).rounded(.up))) > 0 else { break }
      let n = retryingOnInterrupt { read(input, &buffer, buffer.count) }
      guard n > 0 else { break }
      replies += buffer[0..<n]
    }
    return TerminalBackground(reply: replies)
  }

  /// Whether `bytes` hold a primary device attributes reply (`ESC [ ? ... c`).
  static func endsWithDeviceAttributes(_ bytes: [UInt8]) -> Bool {
    guard let c = bytes.lastIndex(of: UInt8(ascii: "c")) else { return false }
    var i = c
    while i > 0 {
      i -= 1
      let b = bytes[i]
      if b == UInt8(ascii: "?") { return i > 1 && bytes[i - 1] == UInt8(ascii: "[") }
      guard b == UInt8(ascii: ";") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) else {
        return false
      }
    }
    return false
  }
}
