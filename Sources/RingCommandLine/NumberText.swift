/// The one spelling of numbers on the command line, for every numeric option:
/// `[+|-]digits[.digits][(e|E)[+|-]digits]` in ASCII, at least one digit before the
/// exponent, nothing around it. `inf`, `nan`, hexadecimal, `_` and spaces are refused with
/// or without a sign; whole numbers (`--loops`) take no fraction or exponent.
package enum NumberText {
  /// A finite number in the decimal spelling, or `nil`.
  package static func decimal(_ text: some StringProtocol) -> Double? {
    guard isDecimal(text), let value = Double(String(text)), value.isFinite else { return nil }
    return value
  }

  /// A whole number `[+|-]digits`, or `nil` (also when it does not fit an `Int`).
  package static func integer(_ text: some StringProtocol) -> Int? {
    var rest = Substring(text)
    if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
    guard !rest.isEmpty, rest.allSatisfy(isDigit) else { return nil }
    return Int(String(text))
  }

  package static func isDecimal(_ text: some StringProtocol) -> Bool {
    var rest = Substring(text)
    if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
    let mantissaEnd = rest.firstIndex { $0 == "e" || $0 == "E" } ?? rest.endIndex
    let mantissa = rest[..<mantissaEnd]
    let parts = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.allSatisfy({ $0.allSatisfy(isDigit) }), parts.contains(where: { !$0.isEmpty })
    else { return false }
    guard mantissaEnd < rest.endIndex else { return true }
    var exponent = rest[rest.index(after: mantissaEnd)...]
    if exponent.first == "+" || exponent.first == "-" { exponent = exponent.dropFirst() }
    return !exponent.isEmpty && exponent.allSatisfy(isDigit)
  }

  private static func isDigit(_ c: Character) -> Bool { c.isASCII && c.isNumber }
}
