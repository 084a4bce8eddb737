extension Double {
  /// The number as a person writes it in a message: `20` for a whole number, `0.25`
  /// otherwise (Swift's shortest round-trip form).
  public var plainText: String {
    self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
  }
}

extension ClosedRange<Double> {
  /// `1...4`, `0.01...360`: a range as messages and help show it.
  public var plainText: String { "\(lowerBound.plainText)...\(upperBound.plainText)" }
}
