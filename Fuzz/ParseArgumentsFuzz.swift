// libFuzzer harness for the command-line parser: the input, split at NUL bytes, is an
// argument vector parsed against the export command's option table (the largest one).
// Built with `swiftc -sanitize=fuzzer,address` together with ArgumentParser.swift by
// `Fuzz/run`; any crash, hang or sanitizer report fails it.

let specs: [OptionSpec] = [
  OptionSpec("output", short: "o", value: "file", help: ""),
  OptionSpec("format", value: "format", help: ""),
  OptionSpec("fps", value: "n", help: ""),
  OptionSpec("duration", value: "seconds", help: ""),
  OptionSpec("loops", value: "n", help: ""),
  OptionSpec("quiet", help: ""),
  OptionSpec("exact-fps", help: ""),
  OptionSpec("scale", value: "n", help: ""),
  OptionSpec("background", value: "color", help: ""),
  OptionSpec("start-point", value: "x,y", help: ""),
  OptionSpec("help", short: "h", help: ""),
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
    String(decoding: $0, as: UTF8.self)
  }
  do {
    let parsed = try ParsedArguments.parse(arguments, specs: specs)
    // Whatever parses must be consistent: every value belongs to a known option.
    for spec in specs where parsed.has(spec.name) {
      precondition(spec.isFlag || parsed[spec.name] != nil || parsed.has(spec.name))
    }
  } catch {
    precondition(!error.message.isEmpty, "a usage error always says something")
  }
  return 0
}
