import RingExport
import Testing

@Suite struct ExportFormatTests {
  /// Each extension names its format, in any case, and nothing else does; `.png` names an
  /// APNG (a sprite sheet is asked for by name).
  @Test(arguments: ExportFormat.allCases)
  func eachExtensionNamesItsFormat(_ format: ExportFormat) {
    for ext in format.extensions ?? [] {
      let named = ExportFormat(fileName: "ring." + ext)
      #expect(named == (format == .spriteSheet ? .apng : format), ".\(ext)")
      #expect(ExportFormat(fileName: "Ring." + ext.uppercased()) == named, ".\(ext) in capitals")
    }
  }

  @Test(arguments: ["ring", "ring.txt", "ring.gif/", "ring.", ".png.x"])
  func otherNamesSayNothing(_ name: String) {
    #expect(ExportFormat(fileName: name) == nil)
  }
}
