import Foundation

/// The `rainbow-ring` executable of the build that is running the tests, for tests that need
/// a real process (signals, environment, pipes).
///
/// SwiftPM puts a build's test runner and its executables in one folder
/// (`<build-path>/<triple>/debug/`), so the binary beside the running executable is the one
/// built with the same settings: under `swift test --sanitize=address --build-path
/// .build-asan` it is the sanitized one. If it is missing, `RAINBOW_RING_BINARY` names the
/// binary to use; otherwise this throws rather than pick up another build's binary.
public func rainbowRingBinary() throws -> String {
  let runner = try runningExecutable()
  let beside = URL(fileURLWithPath: runner).deletingLastPathComponent()
    .appendingPathComponent("rainbow-ring").path
  if FileManager.default.isExecutableFile(atPath: beside) { return beside }
  if let named = ProcessInfo.processInfo.environment["RAINBOW_RING_BINARY"], !named.isEmpty {
    guard FileManager.default.isExecutableFile(atPath: named) else {
      throw ToolFailure(message: "RAINBOW_RING_BINARY=\(named) is not an executable file")
    }
    return named
  }
  throw ToolFailure(
    message:
      "the rainbow-ring binary of this build is missing: no \(beside) beside the test runner"
      + " \(runner) (build it with the same --build-path and --sanitize as the tests, or set"
      + " RAINBOW_RING_BINARY)")
}

/// The path of this process's executable (the test runner), symbolic links resolved.
public func runningExecutable() throws -> String {
  do {
    let path = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    return URL(fileURLWithPath: path).resolvingSymlinksInPath().path
  } catch {
    throw ToolFailure(message: "cannot read /proc/self/exe: \(error)")
  }
}

/// The sanitizer an executable was built with, from the runtime's entry point in its symbol
/// table (binutils' `nm`): "address", "thread", or nil for none.
public func sanitizer(of executable: String) throws -> String? {
  let symbols = try runTool("nm", [executable])
  var found: Set<Substring> = []
  for line in String(decoding: symbols, as: UTF8.self).split(separator: "\n") {
    if let name = line.split(separator: " ").last, name.hasPrefix("__") { found.insert(name) }
  }
  if found.contains("__asan_init") { return "address" }
  if found.contains("__tsan_init") { return "thread" }
  return nil
}

/// Sanitizer settings of this process, which a child's environment keeps even when a test
/// gives it an environment of its own: LeakSanitizer stays off, TSan halts on error.
public let sanitizerOptionNames = ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "UBSAN_OPTIONS"]

/// `environment` with the sanitizer options of `own` (this process's environment) added
/// where it does not set them.
public func keepingSanitizerOptions(
  _ environment: [String: String], from own: [String: String] = ProcessInfo.processInfo.environment
) -> [String: String] {
  var env = environment
  for name in sanitizerOptionNames where env[name] == nil { env[name] = own[name] }
  return env
}

/// The result of running a process to its end.
public struct ProcessResult {
  public var status: Int32
  public var signalled: Bool
  public var stdout: Data
  public var stderr: String
}

/// Runs `executable` with `arguments`, optionally signalling it `signal` after `delay`
/// seconds or calling `whileRunning` with its process ID; stdout and stderr are collected.
/// A given `environment` replaces this process's, except for the sanitizer options.
public func runProcess(
  _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
  signal: Int32? = nil, after delay: Double = 0, directory: String? = nil,
  whileRunning: ((Int32) -> Void)? = nil
) throws -> ProcessResult {
  let p = Process()
  p.executableURL = URL(fileURLWithPath: executable)
  p.arguments = arguments
  if let environment { p.environment = keepingSanitizerOptions(environment) }
  if let directory { p.currentDirectoryURL = URL(fileURLWithPath: directory) }
  let out = Pipe()
  let err = Pipe()
  p.standardOutput = out
  p.standardError = err
  p.standardInput = FileHandle.nullDevice
  let collected = Collected()
  let readers = DispatchGroup()
  let outHandle = out.fileHandleForReading
  let errHandle = err.fileHandleForReading
  try p.run()
  for (handle, isOut) in [(outHandle, true), (errHandle, false)] {
    readers.enter()
    Thread {
      let data = handle.readDataToEndOfFile()
      if isOut { collected.addOut(data) } else { collected.addErr(data) }
      readers.leave()
    }.start()
  }
  if let signal {
    Thread.sleep(forTimeInterval: delay)
    kill(p.processIdentifier, signal)
  }
  whileRunning?(p.processIdentifier)
  p.waitUntilExit()
  readers.wait()
  return ProcessResult(
    status: p.terminationStatus, signalled: p.terminationReason == .uncaughtSignal,
    stdout: collected.out, stderr: String(decoding: collected.err, as: UTF8.self))
}

final class Collected: @unchecked Sendable {
  private let lock = NSLock()
  private(set) var out = Data()
  private(set) var err = Data()
  func addOut(_ d: Data) {
    lock.lock()
    out.append(d)
    lock.unlock()
  }
  func addErr(_ d: Data) {
    lock.lock()
    err.append(d)
    lock.unlock()
  }
}

/// The process IDs of `parent`'s children whose command name is `name`, read from /proc.
public func childProcesses(of parent: Int32, named name: String) -> [Int32] {
  let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
  return entries.compactMap { entry -> Int32? in
    guard let pid = Int32(entry),
      let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
      let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
    else { return nil }
    // "pid (comm) state ppid ...": the name may hold spaces, so split after the ')'.
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    let comm = stat[stat.index(after: open)..<close]
    return comm == name && fields.count > 1 && Int32(fields[1]) == parent ? pid : nil
  }
}

/// Whether the tests run under ThreadSanitizer, where they keep to the cases whose threads
/// meet (each case costs seconds there; the plain and AddressSanitizer runs take them all).
public let underThreadSanitizer =
  ProcessInfo.processInfo.environment["SANITIZED_BUILD"] == "thread"

/// How many times longer than normal a process of the running build may take to end:
/// under ThreadSanitizer a process's own exit (the sanitizer's final pass) takes seconds, so
/// tests that time an exit scale their bounds by this. The plain and AddressSanitizer runs
/// hold the real bounds.
public let exitTimeAllowance: Double = underThreadSanitizer ? 10 : 1
