import Testing

@testable import RainbowRing
@testable import RingConfig

/// Each ring option is declared once (`RingConfiguration.options`): what a ring file, the
/// merge and the checks do with it comes from that entry.
@Suite struct RingOptionTests {
  /// A value each kind of option takes, inside its range or among its names.
  static func sample(_ option: RingOption) -> RingOption.Given {
    switch option.value {
    case .number(let range, _): .number(range.upperBound)
    case .flag: .flag(false)
    case .names(let names): .text(names.last!)
    case .color: .text("#10203040")
    case .colors: .texts(["#ff0000", "#00ff00"])
    case .text: .text("Line one\nline \"two\" é")
    case .numbers(let range, let count):
      .numbers(Array(repeating: range.lowerBound, count: count ?? 3))
    }
  }

  /// Set alone, an option's value is written to a ring file under its key and read back
  /// the same, and it is what a merge takes from the file.
  @Test(arguments: RingConfiguration.options.map(\.key))
  func eachOptionRoundTripsThroughARingFile(key: String) throws {
    let option = try #require(RingConfiguration.option(key))
    var config = RingConfiguration()
    config.set(option, to: Self.sample(option))
    #expect(config != RingConfiguration(), "the option sets its field")
    #expect(config.sets(key))
    #expect(RingConfiguration.keys.filter(config.sets) == [key], "it sets only its own key")
    let text = config.jsonText
    #expect(text.contains("\"\(key)\": "), "\(text)")
    let read = try RingFile.decode(Array(text.utf8), file: "ring.json")
    #expect(read == config, "\(text)")
    #expect(RingConfiguration().overridden(by: read) == config)
  }

  /// Each option's one range (or set of names) is what a ring file is checked against: the
  /// value just outside is refused, naming the key, with the range it takes.
  @Test(arguments: RingConfiguration.options.compactMap { o in o.range.map { (o.key, $0.range) } })
  func aRingFileIsCheckedAgainstTheOptionsRange(key: String, range: ClosedRange<Double>) {
    let outside = range.upperBound + max(1, abs(range.upperBound))
    let json: String
    switch RingConfiguration.option(key)!.value {
    case .numbers(_, let count):
      json = "[" + Array(repeating: "\(outside)", count: count ?? 1).joined(separator: ", ") + "]"
    default: json = "\(outside)"
    }
    do {
      _ = try RingFile.decode(Array("{\"\(key)\": \(json)}".utf8), file: "ring.json")
      Issue.record("\(key) \(json) was taken")
    } catch {
      #expect(error.message.contains(key), "\(error.message)")
      #expect(error.message.contains(range.plainText), "\(error.message)")
    }
  }

  /// An option that picks among names keeps an enum: every name reads back as its case.
  @Test(arguments: RingConfiguration.options.filter { $0.names != nil }.map(\.key))
  func everyNameReadsBack(key: String) throws {
    let option = try #require(RingConfiguration.option(key))
    for name in option.names! {
      var config = RingConfiguration()
      config.set(option, to: .text(name))
      #expect(config.jsonValue(forKey: key) == "\"\(name)\"")
    }
  }
}
