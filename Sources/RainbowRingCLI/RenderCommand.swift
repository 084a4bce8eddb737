import Foundation
import RainbowRing
import RingCommandLine
import RingCommands
import RingExport

/// `rainbow-ring render`: one frame to a PNG file.
enum RenderCommand: Subcommand {
  static let outputSpec = OptionSpec(
    "output", short: "o", value: "file",
    help:
      "The PNG file to write, or an SVG file (.svg, .svgz) for the frame as vectors; '-' writes a PNG to standard output.",
    completion: .file)
  static let specs: [OptionSpec] =
    RingOptions.specs + [
      outputSpec, ExportOptions.spec("text-as-paths"),
    ] + CommandLineTool.closingSpecs

  static let usage = "rainbow-ring render [<options>] --output <file>"

  static let command = CommandSpec(
    name: "render", abstract: "Render one frame of the ring to a PNG (or SVG) file.",
    overview:
      "Render one frame of the ring to a PNG file: exactly what the iPhone shows at that time. An .svg or .svgz file gets the frame as vectors (axial and radial gradients).",
    usage: usage, options: specs,
    examples: [
      .init(
        summary: "The frame an iPhone shows 0.05 s after the ring appears, at 2x:",
        commandLine: "rainbow-ring render --time 0.05 --scale 2 -o ring.png"),
      .init(
        summary: "The seed's whole 375x667-point view on white, at 3x:",
        commandLine: "rainbow-ring render --scene seed --scale 3 -o seed.png"),
      .init(
        summary: "A conic ring on black, through standard output:",
        commandLine: "rainbow-ring render --gradient conic --background black -o - > conic.png"),
    ])

  /// What a render needs, checked.
  struct Plan {
    var scene: RingScene
    var time: MediaTime
    var output: String
    /// An SVG's label as outlines.
    var textAsPaths = false
  }

  /// The checked plan, or what `--help` or `--version` asks for.
  static func makePlan(_ arguments: [String]) throws(RingError) -> Request<Plan> {
    let args = try ParsedArguments.parse(arguments, specs: specs)
    if let asked: Request<Plan> = args.informational() { return asked }
    let scene = try RingOptions.scene(args)
    // An SVG's size in points costs no pixels: its stops are capped instead.
    if !isVector(args["output"] ?? "") { try RingOptions.limits(args).check(scene: scene) }
    let time = try OptionValue.time(args)
    guard let output = args["output"], !output.isEmpty else {
      throw RingError.usage("Missing expected argument '--output <file>'.")
    }
    if output != "-", let ext = OutputExtension.of(output), !["png", "svg", "svgz"].contains(ext) {
      throw RingError.usage(
        "Cannot write a .\(ext) file: render writes one frame as PNG (.png, or '-' for standard output) or SVG (.svg, .svgz); 'rainbow-ring export' writes the animation (\(ExportOptions.extensionList))."
      )
    }
    if isVector(output) {
      let estimate: VectorEstimate
      do {
        estimate = try VectorEstimate(still: scene)
      } catch let error as RingError {
        throw RingError.usage(try RingOptions.placed(error, args))
      } catch {
        throw RingError.usage("\(error)")
      }
      try RingOptions.limits(args).check(
        vector: estimate, file: "An SVG", smil: false, elsewhere: "write a .png")
    }
    if args.has("text-as-paths") && !isVector(output) {
      throw RingError.usage(
        "The option '--text-as-paths' applies to SVG: a PNG holds the label as pixels.")
    }
    try RingOptions.checkOutputs([output], keep: args)
    return .run(
      Plan(scene: scene, time: time, output: output, textAsPaths: args.has("text-as-paths")))
  }

  /// Whether `output` names an SVG file (`.svg`, or gzipped `.svgz`).
  static func isVector(_ output: String) -> Bool {
    output != "-" && ["svg", "svgz"].contains(OutputExtension.of(output) ?? "")
  }

  static func perform(_ plan: Plan, console: Console) -> Int32 {
    if plan.output == "-" && console.outputIsTerminal {
      return usageError(
        "PNG data not written to a terminal: redirect standard output (-o - > ring.png) or name a file with -o.",
        console)
    }
    let (scene, time, output) = (plan.scene, plan.time, plan.output)
    if isVector(output) {
      do {
        var svg = Array(
          try SVGDocument.still(scene, at: time, textAsPaths: plan.textAsPaths).utf8)
        if OutputExtension.of(output) == "svgz" {
          svg = try Zlib.compress(svg, level: 9, framing: .gzip)
        }
        try FileWriter.write(svg, to: output)
        return 0
      } catch {
        return CommandExit.failure(CommandExit.describe(error), console)
      }
    }
    do {
      // The frame, the renderer's coverage and plan, and the encoded PNG: about four frames.
      let (w, h) = scene.pixelSize
      try MemoryProbe.check(
        bytes: 16 * Double(w) * Double(h) + 64 * 1_048_576, for: "a \(w)x\(h) frame")
      let frame = try FrameRenderer(scene: scene).render(at: time)
      return try CommandExit.deliver(try PNGEncoder.encode(frame), to: output, console: console)
    } catch let error as RingError where error.code == .brokenPipe {
      return 0  // `-o /dev/stdout | head`: the reader left early, as with `-o -`
    } catch {
      return CommandExit.failure(CommandExit.describe(error), console)
    }
  }
}
