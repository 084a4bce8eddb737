import RainbowRing
import Testing

/// Progress rings drawn by their colour flow and progress animations show the frames that
/// the earlier implementation (one animation per layer, reading the clock for both) drew:
/// pixel hashes recorded from it, during a change, after it, above one turn,
/// counterclockwise, with each end effect and cap, with and without flow, before time 0,
/// set by `setProgress`, and not animated.
@Suite struct ProgressAnimationFrameTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var value: Double
    var from: Double?
    var direction: RingDirection = .clockwise
    var cap: LineCap = .round
    var effect: RingEndEffect = .none
    var flows = true
    var track: RGBAColor = .clear
    var colors: [RGBAColor]? = nil
    var testDescription: String { name }

    func ring() throws -> RainbowRing {
      let change = try from.map {
        try ProgressChange(
          from: $0, beginTime: .seconds(0.5), duration: .seconds(1.5), timing: .easeInEaseOut)
      }
      let progress = try RingProgress(
        value: value, startAngle: -70, direction: direction, cap: cap, track: track,
        endEffect: effect, change: change)
      if let colors { return try RainbowRing(colors: colors, progress: progress, flows: flows) }
      return try RainbowRing(progress: progress, flows: flows)
    }
  }

  /// Seconds; a change runs from 0.5 to 2.
  static let times = [-0.37, 0, 0.5, 0.61, 1.2, 1.99, 2, 2.7]

  static let cases: [Case] = [
    Case(name: "0.2 to 0.8, round", value: 0.8, from: 0.2),
    Case(name: "0.8 to 0.2, butt, no flow", value: 0.2, from: 0.8, cap: .butt, flows: false),
    Case(name: "0.3 to 2.4, square, glow", value: 2.4, from: 0.3, cap: .square, effect: .glow),
    Case(name: "2.6 to 1.1, round, shadow", value: 1.1, from: 2.6, effect: .shadow),
    Case(
      name: "0 to 1.5, counterclockwise, glow, no flow", value: 1.5, from: 0,
      direction: .counterclockwise, effect: .glow, flows: false),
    Case(
      name: "0.9 to 0.1, counterclockwise, square, shadow", value: 0.1, from: 0.9,
      direction: .counterclockwise, cap: .square, effect: .shadow),
    Case(name: "held 0.6, butt, glow", value: 0.6, cap: .butt, effect: .glow),
    Case(
      name: "held 1.7, square, shadow, no flow", value: 1.7, cap: .square, effect: .shadow,
      flows: false),
    Case(
      name: "held 0.45, counterclockwise, round, track", value: 0.45,
      direction: .counterclockwise, track: RGBAColor(unchecked: 0.5, 0.5, 0.5, 0.4)),
    Case(
      name: "5 colours with alpha, 0.1 to 1.3, glow", value: 1.3, from: 0.1, effect: .glow,
      colors: [
        RGBAColor(unchecked: 1, 0, 0, 1), RGBAColor(unchecked: 0, 1, 0, 0.5),
        RGBAColor(unchecked: 0, 0, 1, 1), RGBAColor(unchecked: 1, 1, 0, 0.8),
        RGBAColor(unchecked: 0, 1, 1, 1),
      ]),
    Case(name: "0 to 0, shadow", value: 0, from: 0, effect: .shadow),
  ]

  /// FNV-1a over a frame's pixels.
  static func hash(_ f: Pixmap) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for p in f.pixels { h = (h ^ UInt64(p)) &* 0x100_0000_01b3 }
    return h
  }

  /// Renders `times` (seconds) in order with one renderer and compares each frame's hash.
  func expectFrames(
    _ renderer: FrameRenderer, at times: [Double], equal expected: [UInt64]?, _ name: String
  ) {
    #expect(expected?.count == times.count, "recorded hashes for \(name)")
    for (i, t) in times.enumerated() {
      let hash = Self.hash(renderer.render(at: .seconds(t)))
      #expect(hash == expected?[i], "\(name) at \(t) s")
    }
  }

  @Test(arguments: cases)
  func framesAreTheEarlierImplementations(_ c: Case) throws {
    let renderer = try FrameRenderer(scene: RingScene(ring: c.ring(), scale: 1))
    expectFrames(renderer, at: Self.times, equal: Self.recorded[c.name], c.name)
  }

  /// Three changes by the component's setter, the last a jump (zero duration).
  @Test func setProgressFramesAreTheEarlierImplementations() throws {
    let ring = try RainbowRing(progress: RingProgress(value: 0.3, cap: .round, endEffect: .glow))
    let view = ring.makeProgressLayers(ring.progress!)
    try view.setProgress(1.2, at: .seconds(0.2), duration: .seconds(1), timing: .linear)
    try view.setProgress(0.7, at: .seconds(0.9), duration: .seconds(0.5))
    try view.setProgress(0.5, at: .seconds(1.6), duration: .zero)
    let renderer = try FrameRenderer(root: view.view, width: 170, height: 170, scale: 1)
    expectFrames(
      renderer, at: [0.1, 0.5, 0.9, 1.1, 1.4, 1.6, 1.7], equal: Self.recorded["setProgress"],
      "setProgress")
  }

  /// Not animated: the models alone show the ring at time 0.
  @Test(arguments: [0.35, 1.35])
  func stillFramesAreTheEarlierImplementations(value: Double) throws {
    let ring = try RainbowRing(
      progress: RingProgress(
        value: value, cap: .square, endEffect: .shadow,
        change: value < 1
          ? ProgressChange(from: 0.1, beginTime: .seconds(0.5), duration: .seconds(1)) : nil))
    let layers = ring.makeViewLayer(animated: false)
    let renderer = try FrameRenderer(root: layers.view, width: 170, height: 170, scale: 1)
    expectFrames(
      renderer, at: [0, 1, 2], equal: Self.recorded["still \(value)"], "still \(value)")
  }

  /// Recorded from the earlier implementation (commit 865494d), one hash per time; the frames
  /// whose arc moves re-recorded when the arc became a whole turn trimmed by its stroke end
  /// (those frames differ from 865494d's by at most 2 levels of a premultiplied channel at
  /// the arc's ends, about 80 dB; the progress reference still holds them at 60 dB).
  static let recorded: [String: [UInt64]] = [
    "0 to 0, shadow": [
      0x46e5_dd35_c3bf_f325, 0x46e5_dd35_c3bf_f325, 0x46e5_dd35_c3bf_f325, 0x46e5_dd35_c3bf_f325,
      0x46e5_dd35_c3bf_f325, 0x46e5_dd35_c3bf_f325, 0x46e5_dd35_c3bf_f325, 0x46e5_dd35_c3bf_f325,
    ],
    "0 to 1.5, counterclockwise, glow, no flow": [
      0x46e5_dd35_c3bf_f325, 0x46e5_dd35_c3bf_f325, 0x46e5_dd35_c3bf_f325, 0x1007_fb56_6f49_0216,
      0xab32_402d_460b_f1ae, 0x1d75_c7f0_bf4b_1b2f, 0x953d_05f8_adb6_4128, 0x953d_05f8_adb6_4128,
    ],
    "0.2 to 0.8, round": [
      0xe415_2428_e4b0_c7e6, 0xaef9_2f43_fc6d_baf6, 0xb858_3725_ae6c_f9b2, 0x6153_f6ec_ec28_ae50,
      0x8ce3_5b68_7043_a8bb, 0x6511_a76a_dc8a_39fc, 0x4765_f4b2_3825_b6e2, 0xeeb7_5d3e_0db8_094b,
    ],
    "0.3 to 2.4, square, glow": [
      0xd22a_1319_419d_c0ab, 0xfd05_c58a_14cf_2e0f, 0x8a56_4324_3429_c428, 0x45f2_6759_6396_51be,
      0x3a11_d4ca_c75a_a6a3, 0x7510_e0ac_7461_20f9, 0xf115_1094_abdc_c593, 0xf3ef_b59c_9098_fc96,
    ],
    "0.8 to 0.2, butt, no flow": [
      0x15b0_aee2_db3d_e2bd, 0x15b0_aee2_db3d_e2bd, 0x15b0_aee2_db3d_e2bd, 0xa5c5_dad7_ee18_5869,
      0x098c_0ee9_7430_ffed, 0x97a2_e7fe_0e2f_0704, 0x7e97_ca3b_a0bc_c5dc, 0x7e97_ca3b_a0bc_c5dc,
    ],
    "0.9 to 0.1, counterclockwise, square, shadow": [
      0x3629_edec_0dca_770e, 0x4a40_3241_98ca_bc77, 0xbe61_342d_8b22_1751, 0xc607_a718_e335_8df4,
      0xc5b1_804e_f0a7_d8b5, 0x9445_e440_d53d_7097, 0xd907_8cc4_6a09_def6, 0xb1c0_1e43_5bd2_0b01,
    ],
    "2.6 to 1.1, round, shadow": [
      0x2309_b359_b7c3_4993, 0xcf1a_f15e_a1e3_a074, 0xdca5_da19_0b4a_2960, 0x0170_203a_c130_27f7,
      0xb6c4_9b61_f12e_11ef, 0xc775_6de8_a8d7_9f4e, 0xfc1f_ebb1_201b_92c8, 0x5c20_df1e_7b17_11e4,
    ],
    "5 colours with alpha, 0.1 to 1.3, glow": [
      0x356c_ce50_ab67_ca9f, 0x4ca9_3774_b7da_4647, 0x4ca9_3774_b7da_4647, 0xb999_1cea_3f98_c564,
      0x7823_cfe2_bbaa_cffc, 0x2b23_0317_c813_108a, 0xa24d_c2ba_3282_2188, 0x0abc_11dc_71f2_46b0,
    ],
    "held 0.45, counterclockwise, round, track": [
      0x2db8_8311_3c68_dbb8, 0xad9b_3c9c_a13f_1b92, 0xf0f9_5b21_ac08_a13f, 0x0bcd_0d79_b5ae_ff03,
      0xbcae_9d27_b2d1_08a5, 0xb24a_2a75_1ba9_752c, 0x946e_8000_980b_8988, 0x2254_02bd_d81a_b79c,
    ],
    "held 0.6, butt, glow": [
      0xb61e_e487_64b6_3dd9, 0xcd3a_0b9f_4bc5_52ed, 0x5261_f3b6_59a7_7706, 0xba5b_feb3_ba23_110a,
      0xe898_ebd5_a158_f0df, 0x9575_723d_ab72_aaa0, 0x6fd4_d9ca_689d_09be, 0xeb86_e660_02d3_02be,
    ],
    "held 1.7, square, shadow, no flow": [
      0xffeb_6119_770c_73de, 0xffeb_6119_770c_73de, 0xffeb_6119_770c_73de, 0xffeb_6119_770c_73de,
      0xffeb_6119_770c_73de, 0xffeb_6119_770c_73de, 0xffeb_6119_770c_73de, 0xffeb_6119_770c_73de,
    ],
    "setProgress": [
      0x0dc0_8b14_f80c_f5d7, 0x20dd_0d08_1cd6_5de9, 0x2160_aec4_de11_820e, 0xa190_0040_0f9e_0bb1,
      0xef6f_1020_231b_1e43, 0x6181_901a_a375_0870, 0xcb7a_2f97_a32f_9de3,
    ],
    "still 0.35": [
      0x04a2_9c20_2c65_d2d8, 0x04a2_9c20_2c65_d2d8, 0x04a2_9c20_2c65_d2d8,
    ],
    "still 1.35": [
      0x6379_876f_0540_6c0b, 0x6379_876f_0540_6c0b, 0x6379_876f_0540_6c0b,
    ],
  ]
}
