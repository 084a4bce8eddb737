import RainbowRing

/// The options every frame-making command shares, and their conversion to a ring and scene.
enum RingOptions {
  static let specs: [OptionSpec] = [
    OptionSpec(
      "time", value: "seconds", help: "Time since the ring appeared, in seconds.", default: "0"),
    OptionSpec(
      "scale", value: "n", help: "Pixels per point, 1 to 4; fractions allowed.", default: "1"),
    OptionSpec("size", value: "points", help: "Side of the ring view, in points.", default: "160"),
    OptionSpec("ring-width", value: "points", help: "Width of the ring, in points.", default: "20"),
    OptionSpec(
      "background", value: "color", help: "transparent, white, black, #RRGGBB or #RRGGBBAA.",
      default: "transparent; white for --scene seed", completion: backgroundChoices),
    OptionSpec(
      "scene", value: "scene",
      help: "ring (the ring alone) or seed (the iPhone's 375x667-point white view, ring at 50,80).",
      default: "ring", completion: .choices(["ring", "seed"])),
    OptionSpec(
      "step-duration", value: "seconds", help: "Time for the colours to move one stop.",
      default: "0.1"),
    OptionSpec(
      "hue-step", value: "degrees", help: "Hue between neighbouring colours, 0.01 to 360.",
      default: "5"),
    OptionSpec("saturation", value: "value", help: "Colour saturation, 0 to 1.", default: "1"),
    OptionSpec("brightness", value: "value", help: "Colour brightness, 0 to 1.", default: "1"),
    OptionSpec(
      "start-point", value: "x,y",
      help: "Gradient start in the ring's unit square (the centre of a radial or conic one).",
      default: "0,0 axial, 0.5,0.5 radial and conic"),
    OptionSpec(
      "end-point", value: "x,y",
      help:
        "Gradient end in the ring's unit square (a conic one starts towards it; a radial one's radii are its offsets from the start).",
      default: "1,1 axial and radial, 1,0.5 conic"),
    OptionSpec(
      "gradient", value: "kind", help: "Gradient kind: axial, radial or conic.", default: "axial",
      completion: .choices(GradientKind.allCases.map(\.rawValue))),
  ]

  /// The named colours `--background` takes (any #RRGGBB or #RRGGBBAA too).
  static let backgroundChoices = ValueCompletion.choices(["transparent", "white", "black"])

  static func number(
    _ args: ParsedArguments, _ name: String, default value: Double, range: ClosedRange<Double>,
    unit: String
  ) throws(RingError) -> Double {
    guard let text = args[name] else { return value }
    guard let v = NumberText.decimal(text) else {
      throw RingError.usage(
        "The value '\(text)' is invalid for '--\(name)': expected a number in \(describe(range)) \(unit)."
      )
    }
    guard range.contains(v) else {
      throw RingError.usage(
        "The value '\(text)' is invalid for '--\(name)': must be in \(describe(range)) \(unit).")
    }
    return v
  }

  static func integer(
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

  static func describe(_ r: ClosedRange<Double>) -> String {
    func f(_ v: Double) -> String {
      v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
    return "\(f(r.lowerBound))...\(f(r.upperBound))"
  }

  static func point(_ args: ParsedArguments, _ name: String, default value: Point)
    throws(RingError)
    -> Point
  {
    guard let text = args[name] else { return value }
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 2, let x = NumberText.decimal(parts[0]),
      let y = NumberText.decimal(parts[1]), abs(x) <= 1000, abs(y) <= 1000
    else {
      throw RingError.usage(
        "The value '\(text)' is invalid for '--\(name)': expected x,y with numbers in -1000...1000."
      )
    }
    return Point(x: x, y: y)
  }

  static func choice<T>(
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

  /// The ring the options describe.
  static func ring(_ args: ParsedArguments) throws(RingError) -> RainbowRing {
    let size = try number(args, "size", default: 160, range: 1...10000, unit: "points")
    let ringWidth = try number(args, "ring-width", default: 20, range: 0.01...5000, unit: "points")
    guard ringWidth <= size / 2 else {
      throw RingError.usage(
        "The value '\(args["ring-width"] ?? "20")' is invalid for '--ring-width': must be at most half of --size (\(size / 2))."
      )
    }
    let step = try number(args, "step-duration", default: 0.1, range: 0.001...3600, unit: "seconds")
    let hueStep = try number(args, "hue-step", default: 5, range: 0.01...360, unit: "degrees")
    let saturation = try number(args, "saturation", default: 1, range: 0...1, unit: "")
    let brightness = try number(args, "brightness", default: 1, range: 0...1, unit: "")
    let kind = try choice(
      args, "gradient", GradientKind.allCases.map { ($0.rawValue, $0) }, default: .axial)
    // The seed's diagonal for an axial gradient. The others start at the centre: a conic
    // one towards the right, so the whole rainbow goes round the ring; a radial one reaching
    // the ring's outer edge in both directions (an end level with the start would make a
    // flat ellipse, which Core Animation paints with the last colour).
    let centred = kind != .axial
    let start = try point(
      args, "start-point", default: centred ? Point(x: 0.5, y: 0.5) : Point(x: 0, y: 0))
    let end = try point(
      args, "end-point", default: kind == .conic ? Point(x: 1, y: 0.5) : Point(x: 1, y: 1))
    do {
      return try RainbowRing(
        size: Size(width: size, height: size), ringWidth: ringWidth, stepDuration: .seconds(step),
        hueStep: hueStep, saturation: saturation, brightness: brightness,
        gradient: GradientGeometry(kind: kind, startPoint: start, endPoint: end))
    } catch let error as RingError {
      throw RingError.usage(error.message)
    } catch {
      throw RingError.usage("\(error)")
    }
  }

  /// The `--background` colour, or `nil` when not given.
  static func background(_ args: ParsedArguments) throws(RingError) -> RGBAColor? {
    guard let text = args["background"] else { return nil }
    guard let c = RGBAColor(parsing: text) else {
      throw RingError.usage(
        "The value '\(text)' is invalid for '--background': expected transparent, white, black, #RRGGBB or #RRGGBBAA."
      )
    }
    return c
  }

  /// The scene the options describe, with `defaultBackground` when none is given.
  static func scene(
    _ args: ParsedArguments, scaleRange: ClosedRange<Double> = 1...4,
    defaultBackground: RGBAColor = .clear
  ) throws(RingError) -> RingScene {
    let ring = try ring(args)
    let scale = try number(args, "scale", default: 1, range: scaleRange, unit: "pixels per point")
    let background = try background(args)
    let sceneKind = try choice(
      args, "scene", [("ring", "ring"), ("seed", "seed")], default: "ring")
    do {
      if sceneKind == "seed" {
        return try RingScene.seedHost(ring: ring, background: background ?? .white, scale: scale)
      }
      return try RingScene(ring: ring, background: background ?? defaultBackground, scale: scale)
    } catch let error as RingError {
      throw RingError.usage(error.message)
    } catch {
      throw RingError.usage("\(error)")
    }
  }

  /// `--time`, exact to the nanosecond when written as a decimal (a `Double` would round
  /// 1000000000.05 s by tens of nanoseconds).
  static func time(_ args: ParsedArguments) throws(RingError) -> MediaTime {
    let seconds = try number(args, "time", default: 0, range: -1e9...1e9, unit: "seconds")
    if let text = args["time"], let ns = exactNanoseconds(text) { return .nanoseconds(ns) }
    return .seconds(seconds)
  }

  /// `[+-]digits[.digits]` as whole nanoseconds, rounded half away from zero; `nil` for
  /// anything else (exponents) or more than 1e9 seconds.
  static func exactNanoseconds(_ text: String) -> Int64? {
    var rest = Substring(text)
    let negative = rest.first == "-"
    if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
    let parts = rest.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let whole = parts[0]
    let fraction = parts.count > 1 ? parts[1] : ""
    func digits(_ s: Substring) -> Bool { s.allSatisfy { $0.isASCII && $0.isNumber } }
    guard !(whole.isEmpty && fraction.isEmpty), digits(whole), digits(fraction),
      whole.count <= 10, let seconds = Int64(whole.isEmpty ? "0" : whole), seconds <= 1_000_000_000
    else { return nil }
    let padded = Array((fraction + String(repeating: "0", count: 10)).utf8.prefix(10))
    var nanos: Int64 = 0
    for d in padded.prefix(9) { nanos = nanos * 10 + Int64(d - UInt8(ascii: "0")) }
    if padded[9] >= UInt8(ascii: "5") { nanos += 1 }
    let total = seconds * 1_000_000_000 + nanos
    return negative ? -total : total
  }
}
