import Foundation
import RingCore
import Testing

@Suite struct JSONTextTests {
  /// Every string reads back through Foundation's JSON reader as itself.
  @Test(arguments: [
    "", "plain", "quote \" and \\ back", "line\nbreak\ttab\r", "\u{1b}[31m", "ü ✓ \u{202e}",
  ])
  func aQuotedStringReadsBack(_ text: String) throws {
    let literal = JSONText.quoted(text)
    let read = try JSONSerialization.jsonObject(
      with: Data(literal.utf8), options: .fragmentsAllowed)
    #expect(read as? String == text, "\(literal)")
  }
}
