import Foundation
import RainbowRing
import RingConfig
import Testing

/// The ring's configuration: defaults, overriding, presets, ring files and what they make.
@Suite struct RingConfigurationTests {
  /// The empty configuration is the seed's ring.
  @Test func theEmptyConfigurationIsTheSeed() throws {
    #expect(try RingConfiguration().makeRing() == RainbowRing.seed)
    #expect(try RingPresets.named("seed")!.makeRing() == RainbowRing.seed)
  }

  /// Every preset makes a ring, and prints as a ring file that reads back to the same
  /// configuration and the same ring.
  @Test(arguments: RingPresets.names)
  func presetsRoundTripThroughRingFiles(name: String) throws {
    let preset = try #require(RingPresets.named(name))
    let ring = try preset.makeRing()
    for c in [preset, preset.effective] {
      let text = c.jsonText
      let back = try RingFile.decode(Array(text.utf8), file: "\(name).json")
      #expect(back == c, "\(text)")
      #expect(try back.makeRing() == ring)
    }
  }

  /// What one configuration sets overrides the other; what it leaves unset does not.
  @Test func overridingTakesOnlyWhatIsSet() {
    var base = RingConfiguration()
    base.size = 200
    base.cap = .butt
    var top = RingConfiguration()
    top.cap = .square
    top.progress = 0.5
    let both = base.overridden(by: top)
    #expect(both.size == 200 && both.cap == .square && both.progress == 0.5)
    #expect(both.palette == nil, "unset stays unset")
  }

  /// A named palette in another space is drawn from many samples of the palette, at the
  /// same speed (one palette colour per step).
  @Test(arguments: [ColorInterpolation.oklab, .oklch, .linearSRGB])
  func anotherSpaceIsSampledAtTheSameSpeed(space: ColorInterpolation) throws {
    var c = RingConfiguration()
    c.colors = ["#ff0000", "#0000ff"]
    c.interpolation = space
    let ring = try c.makeRing()
    #expect(ring.colors.count > 100)
    #expect(abs(ring.period.seconds - 0.2) < 1e-6, "two colours, 0.1 s each")
    let mid = ring.colors[ring.colors.count / 2]
    let palette = try Palette(
      colors: [.init(red: 1, green: 0, blue: 0), .init(red: 0, green: 0, blue: 1)],
      interpolation: space)
    let want = palette.color(at: Double(ring.colors.count / 2) / Double(ring.colors.count - 1))
    #expect(abs(mid.red - want.red) < 1e-9 && abs(mid.blue - want.blue) < 1e-9)
  }

  /// `checkFit()` names the key at fault in the error's `key`, for its caller to place.
  @Test(arguments: [
    (#"{"cap": "butt"}"#, "cap"), (#"{"progress-delay": 1}"#, "progress-delay"),
    (#"{"size": 40, "ring-width": 21}"#, "ring-width"),
    (#"{"progress": 1, "size": 40, "track-width": 31}"#, "track-width"),
    (#"{"locations": [0, 1]}"#, "locations"),
    (##"{"colors": ["#000000", "#ffffff"], "locations": [1, 0]}"##, "locations"),
  ])
  func misfitsNameTheirKey(text: String, key: String) throws {
    let c = try RingFile.decode(Array(text.utf8), file: "ring.json")
    do {
      try c.checkFit()
      Issue.record("\(text) fits")
    } catch {
      #expect(error.key == key, "\(error)")
      #expect(error.message.hasPrefix(key + " "), "\(error)")
    }
    #expect(throws: RingError.self, "makeRing checks the same") { try c.makeRing() }
  }

  /// Of two values that conflict, `checkFit(order:)` blames the one the latest source gave,
  /// the constrained one on a tie, and never a default: the value that was given is.
  @Test(arguments: [
    (#"{"size": 10}"#, [String: Int](), "size", true),
    (#"{"size": 40, "ring-width": 21}"#, ["size": 3, "ring-width": 2], "size", false),
    (#"{"size": 40, "ring-width": 21}"#, ["size": 2, "ring-width": 3], "ring-width", false),
    (
      #"{"progress": 1, "ring-width": 10, "size": 40, "track-width": 31}"#, ["ring-width": 3],
      "ring-width", false
    ),
    (
      #"{"hue-step": 90, "locations": [0, 1]}"#, ["hue-step": 3, "locations": 2], "hue-step", false
    ),
  ])
  func theLatestSourceIsBlamed(text: String, order: [String: Int], key: String, isDefault: Bool)
    throws
  {
    let c = try RingFile.decode(Array(text.utf8), file: "ring.json")
    do {
      try c.checkFit(order: order)
      Issue.record("\(text) fits")
    } catch {
      #expect(error.key == key, "\(text) \(order): \(error)")
      #expect(error.message.contains(", the default,") == isDefault, "\(error)")
    }
  }

  /// A ring file's colour list past a ring's limit is refused at its place.
  @Test func tooManyColoursAreRefusedWhereTheyStand() {
    let list = Array(repeating: ##""#102030""##, count: RingConfiguration.maximumColors + 1)
    let text = "{\n  \"colors\": [" + list.joined(separator: ", ") + "]\n}"
    #expect {
      _ = try RingFile.decode(Array(text.utf8), file: "ring.json")
    } throws: { error in
      "\(error)".hasPrefix("ring.json:2:13: colors holds at most 65536 colours, not 65537")
    }
  }

  /// Values that do not fit together are refused with the key's name.
  @Test(arguments: [
    (#"{"ring-width": 90}"#, "ring-width"),
    (#"{"locations": [0, 1]}"#, "locations"),
    (##"{"colors": ["#000000", "#ffffff"], "locations": [0.5, 0.2]}"##, "locations"),
    (#"{"progress": 0.5, "progress-from": 0, "timing": "linear", "track-width": 3}"#, ""),
  ])
  func misfitsAreRefused(text: String, mentions: String) throws {
    let c = try RingFile.decode(Array(text.utf8), file: "ring.json")
    if mentions.isEmpty {
      _ = try c.makeRing()
      return
    }
    #expect {
      _ = try c.makeRing()
    } throws: { error in
      "\(error)".contains(mentions)
    }
  }
}
