import Testing

@testable import RingGraphics

/// The Porter-Duff operators by their symmetries (each destination operator is its source
/// twin with the roles swapped) and their known results, and the shape's mixing. The blend
/// modes are checked against real browsers (`BlendModeBrowserTests`).
struct BlendModeTests {
  /// Premultiplied pixels: opaque, translucent, clear, nearly clear.
  static let pixels: [UInt32] = [
    0xFF20_80E0, 0x8040_1060, 0x0000_0000, 0x0402_0103, 0xC0C0_0000, 0xFFFF_FFFF,
  ]

  @Test(arguments: [
    (BlendMode.destinationOver, BlendMode.normal), (.destinationIn, .sourceIn),
    (.destinationOut, .sourceOut), (.destinationAtop, .sourceAtop), (.xor, .xor),
    (.plusLighter, .plusLighter), (.plusDarker, .plusDarker),
  ])
  func destinationOperatorsAreTheirSourceTwinsSwapped(mode: BlendMode, twin: BlendMode) {
    for s in Self.pixels {
      for d in Self.pixels {
        let a = mode.apply(s, over: d, shape: 0.999_999)
        let b = twin.apply(d, over: s, shape: 0.999_999)
        #expect(a == b, "\(mode)(\(hex(s)), \(hex(d))) \(hex(a)) vs \(twin): \(hex(b))")
      }
    }
  }

  @Test func operatorsGiveTheirKnownResults() {
    let red: UInt32 = 0xFF00_00FF
    let halfBlue: UInt32 = 0x8080_0000
    #expect(BlendMode.clear.apply(red, over: halfBlue) == 0)
    #expect(BlendMode.copy.apply(halfBlue, over: red) == halfBlue)
    #expect(BlendMode.sourceIn.apply(red, over: halfBlue) == 0x8000_0080, "red at blue's alpha")
    #expect(BlendMode.sourceOut.apply(red, over: halfBlue) == 0x7F00_007F)
    #expect(BlendMode.destinationOut.apply(red, over: halfBlue) == 0)
    #expect(BlendMode.xor.apply(red, over: red) == 0, "opaque xor opaque is clear")
    #expect(BlendMode.sourceAtop.apply(red, over: halfBlue) == 0x8000_0080)
    #expect(BlendMode.plusLighter.apply(0xFF80_8080, over: 0xFF90_1000) == 0xFFFF_9080)
    #expect(BlendMode.plusDarker.apply(0xFF80_8080, over: 0xFFFF_FFFF) == 0xFF80_8080)
  }

  /// Where the shape does not reach nothing changes; where it half reaches, the result is
  /// half mixed in; a source drawn with its shape is divided by it first.
  @Test(arguments: BlendMode.allCases)
  func theShapeMixesTheResultIn(mode: BlendMode) {
    let s: UInt32 = 0xFF20_80E0
    let d: UInt32 = 0xC060_3010
    #expect(mode.apply(s, over: d, shape: 0) == d, "\(mode) outside the shape")
    let full = Premultiplied(mode.apply(s, over: d), swapped: false)
    let half = Premultiplied(mode.apply(s, over: d, shape: 0.5), swapped: false)
    let under = Premultiplied(d, swapped: false)
    #expect(abs(half.a - (under.a + full.a) / 2) <= 1.0 / 255, "\(mode): alpha half mixed")
    let edge = mode.apply(
      PixelMath.scale(s, by: 128), over: d, shape: 128.0 / 255, sourceIncludesShape: true)
    let plain = mode.apply(s, over: d, shape: 128.0 / 255)
    for shift in stride(from: 0, to: 32, by: 8) {
      let a = Int(edge >> UInt32(shift) & 0xFF)
      let b = Int(plain >> UInt32(shift) & 0xFF)
      #expect(
        abs(a - b) <= 2, "\(mode): an edge drawn with its coverage \(hex(edge)) \(hex(plain))")
    }
  }

  func hex(_ v: UInt32) -> String { String(v, radix: 16) }
}
