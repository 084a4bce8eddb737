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

  /// Recorded from the earlier implementation (commit 865494d), one hash per time.
  static let recorded: [String: [UInt64]] = [
    "0 to 0, shadow": [
      0x46e5_dd35_c3bf_f325, 0x46e5_dd35_c3bf_f325, 0x46e5_dd35_c3bf_f325, 0x46e5_dd35_c3bf_f325,
      0x46e5_dd35_c3bf_f325, 0x46e5_dd35_c3bf_f325, 0x46e5_dd35_c3bf_f325, 0x46e5_dd35_c3bf_f325,
    ],
    "0 to 1.5, counterclockwise, glow, no flow": [
      0x46e5_dd35_c3bf_f325, 0x46e5_dd35_c3bf_f325, 0x46e5_dd35_c3bf_f325, 0x2256_6e03_073e_da18,
      0xc4a3_587f_2b25_52ce, 0x1d75_c7f0_bf4b_1b2f, 0x953d_05f8_adb6_4128, 0x953d_05f8_adb6_4128,
    ],
    "0.2 to 0.8, round": [
      0x651a_1254_dab3_715f, 0x51a1_91f8_0d1d_f021, 0x3cfc_cefe_20c1_bdce, 0xf985_ae48_7b60_738f,
      0x580b_3f40_ce79_ec59, 0xeb81_380b_8aa0_faa8, 0x951d_1e35_31c8_0eb2, 0x0c64_4f17_7d19_fb85,
    ],
    "0.3 to 2.4, square, glow": [
      0xbbf8_4434_47bf_7e40, 0x7434_90e1_6ae4_ac6b, 0xaefb_c3cf_c538_b08e, 0x30eb_65c3_2ea5_84e5,
      0x3a11_d4ca_c75a_a6a3, 0x7510_e0ac_7461_20f9, 0xf115_1094_abdc_c593, 0xf3ef_b59c_9098_fc96,
    ],
    "0.8 to 0.2, butt, no flow": [
      0xf2e5_57eb_3600_ceb8, 0xf2e5_57eb_3600_ceb8, 0xf2e5_57eb_3600_ceb8, 0x3cea_036e_08f9_249f,
      0x3144_723d_5181_6e44, 0xd13f_af59_dd90_a0db, 0x0ed6_4e89_b63d_61c3, 0x0ed6_4e89_b63d_61c3,
    ],
    "0.9 to 0.1, counterclockwise, square, shadow": [
      0x0ba5_d7f5_7265_ce11, 0xcf7e_edf0_8732_6520, 0x9f1b_e5d8_1e9f_dae0, 0x1abf_11a4_7d9a_f703,
      0x67ed_1ced_821e_6b77, 0x7955_9cbe_4425_afde, 0xca61_98d3_8ec2_dd18, 0xf5d5_aa7e_cc43_d830,
    ],
    "2.6 to 1.1, round, shadow": [
      0x2309_b359_b7c3_4993, 0xcf1a_f15e_a1e3_a074, 0xdca5_da19_0b4a_2960, 0x0170_203a_c130_27f7,
      0xb6c4_9b61_f12e_11ef, 0xc775_6de8_a8d7_9f4e, 0xfc1f_ebb1_201b_92c8, 0x5c20_df1e_7b17_11e4,
    ],
    "5 colours with alpha, 0.1 to 1.3, glow": [
      0xea90_6115_519d_6633, 0xcf6d_d3a7_fe27_c4d0, 0xcf6d_d3a7_fe27_c4d0, 0x537c_a37f_1d6f_a0d9,
      0x1736_313b_547d_9f78, 0x2b23_0317_c813_108a, 0xa24d_c2ba_3282_2188, 0x0abc_11dc_71f2_46b0,
    ],
    "held 0.45, counterclockwise, round, track": [
      0xbb05_e6a7_6772_cf8f, 0x79d7_e2f3_81c0_9e43, 0x312f_99dd_c2c2_bcbd, 0x343e_5b6b_018e_0821,
      0x9708_0750_2edb_97ba, 0xefad_55ca_7a11_5d61, 0x585a_c9ca_7860_b781, 0xdfeb_1714_19ad_84f3,
    ],
    "held 0.6, butt, glow": [
      0x925a_96d1_b513_96ae, 0x418c_4bc6_5098_9b4d, 0x48a3_7c3f_d61e_4168, 0x6be3_e70f_9221_43d4,
      0x1bb2_6604_a48c_dee1, 0xb9db_1b22_43fb_b467, 0x370f_3ac5_398e_f42c, 0x600d_42be_eb5e_a856,
    ],
    "held 1.7, square, shadow, no flow": [
      0xffeb_6119_770c_73de, 0xffeb_6119_770c_73de, 0xffeb_6119_770c_73de, 0xffeb_6119_770c_73de,
      0xffeb_6119_770c_73de, 0xffeb_6119_770c_73de, 0xffeb_6119_770c_73de, 0xffeb_6119_770c_73de,
    ],
    "setProgress": [
      0x2931_1cf5_52a5_4d8d, 0xe67a_2749_05c4_02e9, 0xca34_ab4f_5d9a_114d, 0xbe92_3094_1b38_41f9,
      0x42d9_5568_b81f_63d2, 0x6181_901a_a375_0870, 0xcb7a_2f97_a32f_9de3,
    ],
    "still 0.35": [
      0x9a0c_4dd5_f781_0cb6, 0x9a0c_4dd5_f781_0cb6, 0x9a0c_4dd5_f781_0cb6,
    ],
    "still 1.35": [
      0x6379_876f_0540_6c0b, 0x6379_876f_0540_6c0b, 0x6379_876f_0540_6c0b,
    ],
  ]
}
