import RingGraphics

/// An option's value read from parsed arguments and checked, with one error shape for every
/// command: `The value 'X' is invalid for '--name': ...` (a usage error).
package enum OptionValue {
  /// `--name`'s decimal number in `range` (a `unit` for the message), or `value` when absent.
  package static func number(
    _ args: ParsedArguments, _ name: String, default value: Double, range: ClosedRange<Double>,
    unit: String
  ) throws(RingError) -> Double {
    guard let text = args[name] else { return value }
    guard let v = NumberText.decimal(text) else {
      throw RingError.usage(
        "The value '\(text)' is invalid for '--\(name)': expected a number in \(range.plainText)\(unit.isEmpty ? "" : " " + unit)."
      )
    }
    guard range.contains(v) else {
      throw RingError.usage(
        "The value '\(text)' is invalid for '--\(name)': must be in \(range.plainText)\(unit.isEmpty ? "" : " " + unit)."
      )
    }
    return v
  }

  /// `--name`'s whole number in `range`, or `value` when absent.
  package static func integer(
    _ args: ParsedArguments, _ name: String, default value: Int, range: ClosedRange<Int>
  ) throws(RingError) -> Int {
    guard let text = args[name] else { return value }
    guard let v = NumberText.integer(text) else {
      throw RingError.usage(
        "The value '\(text)' is invalid for '--\(name)': expected a whole number in \(range.lowerBound)...\(range.upperBound)."
      )
    }
    guard range.contains(v) else {
      throw RingError.usage(
        "The value '\(text)' is invalid for '--\(name)': must be in \(range.lowerBound)...\(range.upperBound)."
      )
    }
    return v
  }

  /// The value `--name` names among `options` (with the nearest name suggested for a
  /// slip), or `value` when absent.
  package static func choice<T>(
    _ args: ParsedArguments, _ name: String, _ options: [(String, T)], default value: T
  )
    throws(RingError) -> T
  {
    guard let text = args[name] else { return value }
    guard let hit = options.first(where: { $0.0 == text }) else {
      let near = Suggestion.nearest(to: text, among: options.map(\.0)).map {
        " Did you mean '\($0)'?"
      }
      throw RingError.usage(
        "The value '\(text)' is invalid for '--\(name)': expected one of \(options.map(\.0).joined(separator: ", "))."
          + (near ?? ""))
    }
    return hit.1
  }

  /// `--time`, exact to the nanosecond when written as a decimal (a `Double` would round
  /// 1000000000.05 s by tens of nanoseconds).
  package static func time(_ args: ParsedArguments) throws(RingError) -> MediaTime {
    let seconds = try OptionValue.number(
      args, "time", default: 0, range: -1e9...1e9, unit: "seconds")
    if let text = args["time"], let exact = MediaTime(decimalText: text) { return exact }
    return .seconds(seconds)
  }
}
