import Testing

@testable import RainbowRingCLI
@testable import RingCommandLine
@testable import RingCommands

/// Every numeric option reads numbers through `NumberText`, one spelling for all.
@Suite struct NumberTextTests {
  static let refused = [
    "inf", "nan", "infinity", "Infinity", "NaN", "0x10", "0X1p3", "1_000", " 5", "5 ", "5s", "",
    ".", "e3", "1e", "1e+", "1.2.3", "١٢", "１", "1e999", "--5", "+-5", "5e3.5",
  ]

  /// A spelling refused without a sign is refused with one too.
  @Test(arguments: refused)
  func aRefusedSpellingIsRefusedWithEitherSign(text: String) {
    for signed in [text, "+" + text, "-" + text] {
      #expect(NumberText.decimal(signed) == nil, "'\(signed)' is not a number")
      #expect(NumberText.integer(signed) == nil, "'\(signed)' is not a whole number")
    }
  }

  @Test(arguments: [
    ("5", 5.0), ("+5", 5), ("-5", -5), ("0.25", 0.25), (".5", 0.5), ("5.", 5), ("-.5", -0.5),
    ("1e3", 1000), ("1E-3", 0.001), ("+2.5e+1", 25), ("007", 7),
  ])
  func decimalSpellings(text: String, value: Double) {
    #expect(NumberText.decimal(text) == value, "'\(text)' is \(value)")
  }

  @Test(arguments: [("5", 5), ("+5", 5), ("-5", -5), ("0", 0), ("1.0", nil), ("1e3", nil)])
  func wholeNumberSpellings(text: String, value: Int?) {
    #expect(
      NumberText.integer(text) == value, "'\(text)' is \(value.map(String.init) ?? "refused")")
  }

  /// A value starting with '-' after an option is that option's value, judged by it: never
  /// "Missing value".
  @Test(arguments: ["-inf", "-nan", "-x", "-Infinity", "-0x10"])
  func aDashValueIsJudgedByItsOption(value: String) {
    let problem = CommandLineTool.usageProblem(in: ["render", "--time", value, "-o", "x.png"])
    #expect(
      problem?.hasPrefix("The value '\(value)' is invalid for '--time': ") == true,
      "\(value): \(problem ?? "accepted")")
  }

  @Test(arguments: [
    ["render", "-o", "x.png", "--size", "+160"], ["render", "-o", "x.png", "--time", "1e-3"],
    ["render", "-o", "x.png", "--start-point", "+1,-1e0"],
    ["export", "-o", "x.gif", "--loops", "+2"],
    ["render", "-o", "-x.png"], ["render", "--output", "-"],
  ])
  func signedAndExponentSpellingsPass(args: [String]) {
    #expect(CommandLineTool.usageProblem(in: args) == nil, "\(args)")
  }
}
