import Testing

@testable import RingGraphics

@Suite struct PaletteTests {
  static let red = RGBAColor(unchecked: 1, 0, 0)
  static let green = RGBAColor(unchecked: 0, 1, 0)
  static let blue = RGBAColor(unchecked: 0, 0, 1)

  static func distance(_ a: RGBAColor, _ b: RGBAColor) -> Double {
    max(
      abs(a.red - b.red), abs(a.green - b.green), abs(a.blue - b.blue), abs(a.alpha - b.alpha))
  }

  // MARK: Construction

  @Test(arguments: [
    ([RGBAColor](), nil as [Double]?),
    ([PaletteTests.red, PaletteTests.blue], [0.0]),
    ([PaletteTests.red, PaletteTests.blue], [0.5, 0.25]),
    ([PaletteTests.red, PaletteTests.blue], [-0.1, 1]),
    ([PaletteTests.red, PaletteTests.blue], [0, 1.5]),
    ([PaletteTests.red, PaletteTests.blue], [0, .nan]),
  ])
  func badStopsAreRefused(colors: [RGBAColor], locations: [Double]?) {
    do {
      _ = try Palette(colors: colors, locations: locations)
      Issue.record("\(colors.count) colours at \(locations as Any) were accepted")
    } catch let error as RingError {
      #expect(error.code == .invalidGradient, "the code is invalidGradient, not \(error.code)")
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  @Test func colourOutsideTheUnitRangeIsRefused() {
    #expect(throws: RingError.self, "a red of 1.5") {
      try Palette(colors: [RGBAColor(unchecked: 1.5, 0, 0)])
    }
    do {
      _ = try Palette(colors: [.white, RGBAColor(unchecked: 0, .nan, 0)])
      Issue.record("a NaN component was accepted")
    } catch let error as RingError {
      #expect(error.code == .invalidColor, "the code is invalidColor, not \(error.code)")
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  @Test func oneColourAndHardEdgesAreAccepted() throws {
    let solid = try Palette(colors: [Self.green])
    #expect(
      [0, 0.3, 1].allSatisfy { solid.color(at: $0) == Self.green }
        && solid.cyclicColor(at: 7.5) == Self.green,
      "one colour is a solid ring")
    let edge = try Palette(colors: [Self.red, Self.blue], locations: [0.5, 0.5])
    #expect(edge.color(at: 0.49) == Self.red && edge.color(at: 0.51) == Self.blue, "hard edge")
  }

  // MARK: Reading along [0, 1]

  /// With `.srgb` a palette is a gradient's colour ramp, bit for bit.
  @Test(
    arguments: [
      nil, [0.0, 0.2, 0.2, 0.9], [0.1, 0.1, 0.5, 1], [0, 0, 0, 0],
    ] as [[Double]?])
  func srgbPaletteIsTheGradientsRamp(locations: [Double]?) throws {
    let colors = [
      Self.red, RGBAColor(unchecked: 0.2, 0.9, 0.4, 0.5), Self.blue, RGBAColor(unchecked: 1, 1, 0),
    ]
    let palette = try Palette(colors: colors, locations: locations)
    let gradient = try Gradient(
      geometry: GradientGeometry(startPoint: Point(x: 0, y: 0), endPoint: Point(x: 1, y: 0)),
      colors: colors, locations: locations)
    for k in -10...1010 {
      let t = Double(k) / 1000
      guard palette.color(at: t) == gradient.color(at: t) else {
        Issue.record("at \(t): palette \(palette.color(at: t)), gradient \(gradient.color(at: t))")
        return
      }
    }
    #expect(palette.color(at: .nan) == colors[0], "NaN reads as 0")
  }

  @Test(arguments: ColorInterpolation.allCases)
  func stopsAndMidpointsInTheSpace(space: ColorInterpolation) throws {
    let palette = try Palette(
      colors: [Self.red, Self.green, Self.blue], locations: [0.2, 0.6, 0.8], interpolation: space)
    #expect(palette.color(at: 0) == Self.red && palette.color(at: 1) == Self.blue, "the ends")
    #expect(Self.distance(palette.color(at: 0.6), Self.green) < 1e-12, "the middle stop")
    let want = Self.red.interpolated(to: Self.green, fraction: 0.25, in: space)
    #expect(
      Self.distance(palette.color(at: 0.3), want) < 1e-12,
      "\(space): a quarter of the first segment")
  }

  @Test(arguments: [0, 1, 2, 5, 256])
  func sampledIsEvenlySpaced(count: Int) throws {
    let palette = try Palette(colors: [Self.red, Self.green, Self.blue], interpolation: .oklab)
    let samples = palette.sampled(count: count)
    #expect(samples.count == count, "\(count) samples")
    for (k, c) in samples.enumerated() {
      let t = count == 1 ? 0 : Double(k) / Double(count - 1)
      #expect(c == palette.color(at: t), "sample \(k) of \(count) is the colour at \(t)")
    }
    if count > 1 {
      #expect(samples.first == Self.red && samples.last == Self.blue, "ends are the end colours")
    }
  }

  /// `sampled(count:)`'s stated bound: between two samples the renderer's straight blend of
  /// them is off the palette's own colour by no more than the palette changes over that
  /// stretch (checked at 16 points per stretch, in every space).
  @Test(arguments: ColorInterpolation.allCases)
  func sampledStopsBoundTheBlendError(space: ColorInterpolation) throws {
    let palette = try Palette(
      colors: [Self.red, Self.green, .white, Self.blue], interpolation: space)
    let count = 33
    let samples = palette.sampled(count: count)
    for k in 0..<(count - 1) {
      let t0 = Double(k) / Double(count - 1)
      let t1 = Double(k + 1) / Double(count - 1)
      let inside = (0...16).map { palette.color(at: t0 + (t1 - t0) * Double($0) / 16) }
      var change = 0.0
      for a in inside { for b in inside { change = max(change, Self.distance(a, b)) } }
      for (j, want) in inside.enumerated() {
        let blended = samples[k].interpolated(to: samples[k + 1], fraction: Double(j) / 16)
        let error = Self.distance(blended, want)
        #expect(
          error <= change + 1e-12,
          "\(space), stretch \(k), point \(j): off by \(error), the palette changes \(change)")
      }
    }
  }

  // MARK: The loop

  /// A closed palette (first colour = last) keeps its stops at k / (n - 1): the loop is
  /// `color(at:)` repeated, at any whole number of turns, negative ones included.
  @Test func closedPaletteLoopsItsRamp() throws {
    let rainbow = try #require(Palette.named("rainbow"))
    for k in 0..<64 {
      let t = Double(k) / 64
      let want = rainbow.color(at: t)
      for turns in [-3.0, -1, 0, 1, 2, 1000] {
        #expect(rainbow.cyclicColor(at: t + turns) == want, "\(t) + \(turns) turns")
      }
    }
  }

  /// An open palette without locations: n colours at k / n and a last segment back to the
  /// first colour.
  @Test func openPaletteIsSpacedEvenlyRoundTheLoop() throws {
    let palette = try Palette(colors: [Self.red, Self.green, Self.blue])
    #expect(palette.cyclicColor(at: 0) == Self.red, "red at 0")
    #expect(Self.distance(palette.cyclicColor(at: 1.0 / 3), Self.green) < 1e-12, "green at 1/3")
    #expect(Self.distance(palette.cyclicColor(at: 2.0 / 3), Self.blue) < 1e-12, "blue at 2/3")
    let wrap = palette.cyclicColor(at: 5.0 / 6)
    #expect(Self.distance(wrap, RGBAColor(unchecked: 0.5, 0, 0.5)) < 1e-12, "blue to red: \(wrap)")
    #expect(palette.cyclicColor(at: -1.0 / 6) == wrap, "-1/6 is 5/6")
  }

  /// Given locations, the wrap segment spans the gap from the last to 1 + the first.
  @Test func locationsLeaveTheirGapToTheWrap() throws {
    let palette = try Palette(colors: [Self.red, Self.blue], locations: [0.25, 0.75])
    let half = RGBAColor(unchecked: 0.5, 0, 0.5)
    #expect(Self.distance(palette.cyclicColor(at: 0.5), half) < 1e-12, "red to blue at 0.5")
    #expect(Self.distance(palette.cyclicColor(at: 0), half) < 1e-12, "blue to red at 0")
    #expect(
      Self.distance(palette.cyclicColor(at: 0.875), RGBAColor(unchecked: 0.25, 0, 0.75)) < 1e-12,
      "a quarter of the way from blue back to red at 0.875")
  }

  /// The largest colour change between loop positions 1/`steps` apart, the seam at 0
  /// included.
  static func largestStep(_ palette: Palette, steps: Int = 4096) -> Double {
    var largest = 0.0
    let n = Double(steps)
    for k in 0..<steps {
      let step = distance(
        palette.cyclicColor(at: Double(k) / n), palette.cyclicColor(at: Double(k + 1) / n))
      largest = max(largest, step)
    }
    return largest
  }

  /// No jump anywhere round the loop: the seam joins, and halving the spacing of the
  /// positions roughly halves the largest step between neighbours (a jump would not shrink).
  static func expectContinuousLoop(_ palette: Palette, _ what: String, largest: Double) {
    let seam = distance(palette.cyclicColor(at: 1 - 1e-9), palette.cyclicColor(at: 0))
    #expect(seam < 1e-6, "\(what): the seam jumps by \(seam)")
    let coarse = largestStep(palette)
    let fine = largestStep(palette, steps: 8192)
    #expect(coarse < largest, "\(what): a step of \(coarse) in 1/4096 of the loop")
    #expect(fine < 0.6 * coarse, "\(what): steps shrink from \(coarse) only to \(fine)")
  }

  /// The loop of every built-in palette is continuous; no step of 1/4096 of the loop changes
  /// a component by more than 0.02 (the steepest stretch, an open 52-stop palette's wrap
  /// from its last colour back to its first over 1/52 of the loop, gives at most
  /// 52 / 4096 = 0.0127).
  @Test(arguments: Palette.names)
  func loopIsContinuous(name: String) throws {
    Self.expectContinuousLoop(try #require(Palette.named(name)), name, largest: 0.02)
  }

  /// An open palette's loop is continuous in every space. OKLCH arcs change fastest where
  /// they pass through hues outside sRGB, clipped, so the bound on a step is looser.
  @Test(arguments: ColorInterpolation.allCases)
  func openLoopInEverySpaceIsContinuous(space: ColorInterpolation) throws {
    let palette = try Palette(
      colors: [Self.red, Self.green, Self.blue, RGBAColor(unchecked: 1, 1, 1, 0.5)],
      interpolation: space)
    Self.expectContinuousLoop(palette, "\(space)", largest: 0.1)
  }

  // MARK: Named palettes

  @Test func namesAreTheBuiltInPalettes() {
    #expect(
      Palette.names == [
        "rainbow", "activity", "activity-exercise", "activity-stand", "viridis", "magma",
        "oklch-rainbow",
      ], "the names")
    for name in Palette.names {
      #expect(Palette.named(name) != nil, "\(name) exists")
      #expect(Palette.named(name.uppercased()) == Palette.named(name), "\(name) in capitals")
    }
    #expect(Palette.named("jet") == nil, "no such palette")
  }

  /// The seed's ring: hues 0, 5, ..., 360 degrees, full saturation and brightness.
  @Test func rainbowIsTheSeedsStops() throws {
    let rainbow = try #require(Palette.named("rainbow"))
    #expect(rainbow.colors.count == 73 && rainbow.interpolation == .srgb, "73 sRGB stops")
    for k in 0...72 {
      let want = try RGBAColor(hue: Double(k * 5) / 360, saturation: 1, brightness: 1)
      #expect(rainbow.colors[k] == want, "stop \(k) is hue \(k * 5)")
    }
  }

  @Test(arguments: ["activity", "activity-exercise", "activity-stand"])
  func activityPalettesAreTwoColourRamps(name: String) throws {
    let palette = try #require(Palette.named(name))
    #expect(palette.colors.count == 2 && palette.interpolation == .srgb, "\(name): two stops")
    #expect(palette.colors.allSatisfy { $0.alpha == 1 }, "\(name) is opaque")
  }

  /// matplotlib's published tables (lib/matplotlib/_cm_listed.py, `_viridis_data` and
  /// `_magma_data`, 256 entries each): the first and last entries are the palettes' ends,
  /// and entries between the stops (every fifth entry is a stop) are within the stated
  /// 0.0026 (here 0.0027), including the worst ones (viridis 243, magma 2).
  @Test(arguments: [
    (
      "viridis", 0, SIMD3(0.267004, 0.004874, 0.329415)
    ),
    ("viridis", 255, SIMD3(0.993248, 0.906157, 0.143936)),
    ("viridis", 2, SIMD3(0.269944, 0.014625, 0.341379)),
    ("viridis", 52, SIMD3(0.252194, 0.269783, 0.531579)),
    ("viridis", 128, SIMD3(0.127568, 0.566949, 0.550556)),
    ("viridis", 243, SIMD3(0.876168, 0.891125, 0.095250)),
    ("magma", 0, SIMD3(0.001462, 0.000466, 0.013866)),
    ("magma", 255, SIMD3(0.987053, 0.991438, 0.749504)),
    ("magma", 2, SIMD3(0.003279, 0.002305, 0.023708)),
    ("magma", 59, SIMD3(0.284951, 0.063168, 0.472451)),
    ("magma", 128, SIMD3(0.716387, 0.214982, 0.475290)),
    ("magma", 246, SIMD3(0.990175, 0.927196, 0.682926)),
  ])
  func matplotlibTables(name: String, entry: Int, published: SIMD3<Double>) throws {
    let palette = try #require(Palette.named(name))
    #expect(palette.colors.count == 52 && palette.interpolation == .srgb, "\(name): 52 stops")
    let c = palette.color(at: Double(entry) / 255)
    let d = SIMD3(c.red, c.green, c.blue) - published
    let error = max(abs(d.x), abs(d.y), abs(d.z))
    if entry == 0 || entry == 255 {
      #expect(error == 0, "\(name) entry \(entry): \(c), published \(published)")
    } else {
      #expect(error < 0.0027, "\(name) entry \(entry) is off by \(error): \(c)")
    }
  }

  /// OKLCH lightness 0.75 and chroma 0.12 all the way round, every sample inside sRGB (an
  /// unclamped colour converts back to the same lightness and chroma; a clamped one would
  /// not), the hue going once round from 0 to 360.
  @Test func oklchRainbowIsEvenAndInGamut() throws {
    let palette = try #require(Palette.named("oklch-rainbow"))
    let samples = palette.sampled(count: 3601)
    var largestLightnessError = 0.0
    var largestChromaError = 0.0
    for (k, c) in samples.enumerated() {
      let linear = SIMD3(
        ColorInterpolation.linearFromSRGB(c.red), ColorInterpolation.linearFromSRGB(c.green),
        ColorInterpolation.linearFromSRGB(c.blue))
      let lch = ColorInterpolation.oklch(
        fromOKLab: ColorInterpolation.oklab(fromLinearSRGB: linear))
      largestLightnessError = max(largestLightnessError, abs(lch.x - 0.75))
      largestChromaError = max(largestChromaError, abs(lch.y - 0.12))
      let hue = Double(k) / 10
      var dh = abs(lch.z - hue)
      dh = min(dh, 360 - dh)
      if dh > 1e-6 {
        Issue.record("sample \(k) has hue \(lch.z), expected \(hue)")
        return
      }
      #expect(
        [c.red, c.green, c.blue].allSatisfy { $0 > 0.001 && $0 < 0.999 },
        "sample \(k) is inside sRGB with room to spare: \(c)")
    }
    #expect(largestLightnessError < 0.01, "lightness strays by \(largestLightnessError)")
    #expect(largestLightnessError < 1e-9, "lightness is constant: \(largestLightnessError)")
    #expect(largestChromaError < 1e-9, "chroma is constant: strays by \(largestChromaError)")
  }
}
