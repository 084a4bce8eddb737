import RingCore

extension RingError.Code {
  /// A thread, a process or memory could not be had (a resource limit).
  public static let resources = Self(name: "resources")
}
