// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "RainbowRing",
  products: [
    .library(name: "RainbowRing", targets: ["RainbowRing", "RingConfig", "RingFlash"]),
    .library(name: "RingExport", targets: ["RingExport"]),
    .library(name: "RainbowRingCLI", targets: ["RainbowRingCLI"]),
    .executable(name: "rainbow-ring", targets: ["rainbow-ring"]),
  ],
  dependencies: [],
  targets: [
    .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
    .systemLibrary(name: "CX11", path: "Sources/CX11"),
    .systemLibrary(name: "CLinux", path: "Sources/CLinux"),
    // Text: fonts found by fontconfig, read by FreeType, shaped by HarfBuzz (Debian's -dev
    // packages; pkg-config gives their include paths).
    .systemLibrary(
      name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "freetype2",
      providers: [.apt(["libfreetype-dev"])]),
    .systemLibrary(
      name: "CHarfBuzz", path: "Sources/CHarfBuzz", pkgConfig: "harfbuzz",
      providers: [.apt(["libharfbuzz-dev"])]),
    .systemLibrary(
      name: "CFontconfig", path: "Sources/CFontconfig", pkgConfig: "fontconfig",
      providers: [.apt(["libfontconfig-dev"])]),
    // Beneath everything: the one error, media time, the system-call and write-all helpers.
    .target(name: "RingCore"),
    .target(name: "RingGraphics", dependencies: ["RingCore"]),
    .target(name: "RingLayers", dependencies: ["RingCore", "RingGraphics"]),
    .target(name: "RainbowRing", dependencies: ["RingGraphics", "RingLayers", "RingText"]),
    // Fonts, shaping and glyph outlines as paths for our rasterizer.
    .target(
      name: "RingText",
      dependencies: ["RingCore", "RingGraphics", "CFreeType", "CHarfBuzz", "CFontconfig"]),
    // WCAG 2.3.1 flash analysis of what a ring shows: the one verdict for check and refusals.
    .target(name: "RingFlash", dependencies: ["RainbowRing"]),
    // Ring files, presets and palettes, read by the strict JSON reader.
    .target(name: "RingConfig", dependencies: ["RainbowRing"]),
    // Beneath both the exporters and the players: codecs, and the process's own concerns
    // (signals, exit cleanup, child processes, threads).
    .target(name: "RingCodecs", dependencies: ["RingGraphics", "CZlib"]),
    .target(name: "RingSystem", dependencies: ["RingCore", "CLinux"]),
    .target(
      name: "RingExport",
      dependencies: ["RingCore", "RainbowRing", "RingFlash", "RingCodecs", "RingSystem", "CLinux"]),
    .target(
      name: "RingPlayers",
      dependencies: [
        "RainbowRing", "RingFlash", "RingGraphics", "RingCodecs", "RingSystem", "CX11",
      ]),
    // The command-line machinery: the parser, option declarations and values, help, the
    // console and the exit shape, for the tool and for UIKit programs.
    .target(name: "RingCommandLine", dependencies: ["RingCore", "RingGraphics", "RingSystem"]),
    // The commands any layer tree runs: play, snapshot and export, with their options and
    // caps. The tool's ring commands build on them; so do UIKit programs.
    .target(
      name: "RingCommands",
      dependencies: [
        "RingCommandLine", "RainbowRing", "RingFlash", "RingExport", "RingPlayers", "RingSystem",
      ]),
    .target(
      name: "RainbowRingCLI",
      dependencies: [
        "RingCore", "RainbowRing", "RingConfig", "RingFlash", "RingGraphics", "RingExport",
        "RingPlayers", "RingSystem", "RingCommandLine", "RingCommands",
      ]),
    .executableTarget(
      name: "rainbow-ring", dependencies: ["RainbowRingCLI", "RingCommandLine", "RingSystem"]),
    .target(
      name: "RingTestSupport", dependencies: ["RingGraphics", "RainbowRing", "CZlib", "CX11"]),
    .testTarget(name: "RingCoreTests", dependencies: ["RingCore"]),
    .testTarget(name: "RingGraphicsTests", dependencies: ["RingGraphics"]),
    // FreeType's own rendering is the reference for ours.
    .testTarget(
      name: "RingTextTests",
      dependencies: ["RingText", "RingGraphics", "RingTestSupport", "CFreeType"]),
    .testTarget(
      name: "RingLayersTests", dependencies: ["RingLayers", "RingGraphics", "RingTestSupport"]),
    // Golden PNGs are read from the source tree (`#filePath`), not bundled.
    .testTarget(
      name: "RainbowRingTests", dependencies: ["RainbowRing", "RingTestSupport"],
      exclude: ["Golden"]),
    .testTarget(name: "RingFlashTests", dependencies: ["RingFlash", "RainbowRing"]),
    .testTarget(name: "RingConfigTests", dependencies: ["RingConfig", "RainbowRing"]),
    .testTarget(
      name: "RingExportTests",
      dependencies: ["RingExport", "RingCodecs", "RainbowRing", "RingTestSupport"]),
    .testTarget(
      name: "RingPlayersTests",
      dependencies: [
        "RingPlayers", "RingFlash", "RingCodecs", "RainbowRing", "RingTestSupport", "CX11",
        "CLinux",
      ]),
    .testTarget(
      name: "RainbowRingCLITests",
      dependencies: [
        "RainbowRingCLI", "RainbowRing", "RingConfig", "RingFlash", "RingExport", "RingTestSupport",
        "RingCommandLine", "RingCommands",
      ]),
  ],
  swiftLanguageModes: [.v6]
)

// The UIKit compatibility module, for Linux: on Apple platforms the system's UIKit is used
// (a module of that name here would shadow it), so neither the product nor its example exist
// there.
#if os(Linux)
  // `import QuartzCore` and `import CoreGraphics` work as on Apple platforms.
  package.products.append(
    .library(name: "UIKit", targets: ["UIKit", "QuartzCore", "CoreGraphics"]))
  package.targets += [
    .target(
      name: "UIKit",
      dependencies: [
        "RainbowRing", "RingGraphics", "RingLayers", "RingCodecs", "RingPlayers", "RingSystem",
        "RingExport", "RingCommandLine", "RingCommands", "RingText", "CLinux", "CSwiftCall",
      ]),
    .target(name: "CSwiftCall"),
    .target(name: "QuartzCore", dependencies: ["UIKit"]),
    .target(name: "CoreGraphics", dependencies: ["UIKit"]),
    .executableTarget(name: "UIKitRings", dependencies: ["UIKit"], path: "Examples/UIKitRings"),
    .executableTarget(name: "UIKitChain", dependencies: ["UIKit"], path: "Examples/UIKitChain"),
    // Samples: UIKit programs' sources, built by the tests as a package of their own.
    .testTarget(
      name: "UIKitTests", dependencies: ["UIKit", "RingLayers", "RingTestSupport"],
      exclude: ["Samples", "Golden"]),
  ]
#endif
