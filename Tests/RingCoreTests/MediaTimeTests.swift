import RingCore
import Testing

@Suite struct MediaTimeTests {
  @Test(arguments: [
    ("2.75", Int64(2_750_000_000)), ("-0.0000000015", -2), (".5", 500_000_000),
    ("1000000000", 1_000_000_000_000_000_000), ("7.", 7_000_000_000), ("+0.1", 100_000_000),
    ("1e3", nil), ("", nil), ("-", nil), ("1.2.3", nil), ("99999999999", nil), (" 1", nil),
  ])
  func decimalTextParsesToNanoseconds(text: String, nanoseconds: Int64?) {
    #expect(MediaTime(decimalText: text)?.nanoseconds == nanoseconds, "\(text)")
  }

  @Test(arguments: [
    (Int64(7_300_000_000), "7.3"), (0, "0"), (-1, "-0.000000001"), (1_000_000_000, "1"),
    (123_456_789_012, "123.456789012"), (-2_500_000_000, "-2.5"),
  ])
  func decimalTextIsExact(nanoseconds: Int64, text: String) {
    #expect(MediaTime.nanoseconds(nanoseconds).decimalText == text)
    #expect(MediaTime(decimalText: text)?.nanoseconds == nanoseconds, "reads back")
  }
}
