import Foundation

/// The device (UIKit's): an iPhone held upright, on its own power. Nothing here changes
/// while a program runs, so no orientation or battery notification is ever posted.
@preconcurrency @MainActor
open class UIDevice: NSObject {
  public static let current = UIDevice()

  public enum UserInterfaceIdiom: Int, Sendable {
    case unspecified = -1
    case phone, pad, tv, carPlay
    case mac = 5
    case vision
  }

  public enum Orientation: Int, Sendable {
    case unknown, portrait, portraitUpsideDown, landscapeLeft, landscapeRight, faceUp, faceDown
    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
    public var isFlat: Bool { self == .faceUp || self == .faceDown }
    public var isValidInterfaceOrientation: Bool { isPortrait || isLandscape }
  }

  public enum BatteryState: Int, Sendable { case unknown, unplugged, charging, full }

  public var userInterfaceIdiom: UserInterfaceIdiom { .phone }
  public var name: String { "iPhone" }
  public var model: String { "iPhone" }
  public var localizedModel: String { "iPhone" }
  public var systemName: String { "iOS" }
  /// The iOS whose drawing this module follows.
  public var systemVersion: String { "17.0" }
  public var orientation: Orientation { .portrait }
  public var isMultitaskingSupported: Bool { true }
  public var identifierForVendor: UUID? { nil }
  public private(set) var isGeneratingDeviceOrientationNotifications = false
  public var isBatteryMonitoringEnabled = false
  /// -1 (unknown) unless monitoring is on; then full.
  public var batteryLevel: Float { isBatteryMonitoringEnabled ? 1 : -1 }
  public var batteryState: BatteryState { isBatteryMonitoringEnabled ? .full : .unknown }
  public var isProximityMonitoringEnabled = false
  public var proximityState: Bool { false }

  public func beginGeneratingDeviceOrientationNotifications() {
    isGeneratingDeviceOrientationNotifications = true
  }
  public func endGeneratingDeviceOrientationNotifications() {
    isGeneratingDeviceOrientationNotifications = false
  }
  /// The input click sound: silent here.
  public func playInputClick() {}

  public static let orientationDidChangeNotification = Notification.Name(
    "UIDeviceOrientationDidChangeNotification")
  public static let batteryStateDidChangeNotification = Notification.Name(
    "UIDeviceBatteryStateDidChangeNotification")
  public static let batteryLevelDidChangeNotification = Notification.Name(
    "UIDeviceBatteryLevelDidChangeNotification")
}

/// The older global names of the idioms.
public typealias UIUserInterfaceIdiom = UIDevice.UserInterfaceIdiom
public typealias UIDeviceOrientation = UIDevice.Orientation

extension UIApplication {
  /// Posted at launch after the delegate's `application(_:didFinishLaunchingWithOptions:)`.
  public static let didFinishLaunchingNotification = Notification.Name(
    "UIApplicationDidFinishLaunchingNotification")
  /// Posted at launch after the delegate's `applicationDidBecomeActive(_:)`.
  public static let didBecomeActiveNotification = Notification.Name(
    "UIApplicationDidBecomeActiveNotification")
  /// The names below are never posted: a program here stays active until it quits.
  public static let willResignActiveNotification = Notification.Name(
    "UIApplicationWillResignActiveNotification")
  public static let didEnterBackgroundNotification = Notification.Name(
    "UIApplicationDidEnterBackgroundNotification")
  public static let willEnterForegroundNotification = Notification.Name(
    "UIApplicationWillEnterForegroundNotification")
  public static let willTerminateNotification = Notification.Name(
    "UIApplicationWillTerminateNotification")
  public static let didReceiveMemoryWarningNotification = Notification.Name(
    "UIApplicationDidReceiveMemoryWarningNotification")
  public static let significantTimeChangeNotification = Notification.Name(
    "UIApplicationSignificantTimeChangeNotification")
}

extension UIResponder {
  /// Keyboard notifications: never posted, as there is no on-screen keyboard here.
  public static let keyboardWillShowNotification = Notification.Name(
    "UIKeyboardWillShowNotification")
  public static let keyboardDidShowNotification = Notification.Name(
    "UIKeyboardDidShowNotification")
  public static let keyboardWillHideNotification = Notification.Name(
    "UIKeyboardWillHideNotification")
  public static let keyboardDidHideNotification = Notification.Name(
    "UIKeyboardDidHideNotification")
  public static let keyboardWillChangeFrameNotification = Notification.Name(
    "UIKeyboardWillChangeFrameNotification")
  public static let keyboardDidChangeFrameNotification = Notification.Name(
    "UIKeyboardDidChangeFrameNotification")
  public static let keyboardFrameBeginUserInfoKey = "UIKeyboardFrameBeginUserInfoKey"
  public static let keyboardFrameEndUserInfoKey = "UIKeyboardFrameEndUserInfoKey"
  public static let keyboardAnimationDurationUserInfoKey = "UIKeyboardAnimationDurationUserInfoKey"
  public static let keyboardAnimationCurveUserInfoKey = "UIKeyboardAnimationCurveUserInfoKey"
  public static let keyboardIsLocalUserInfoKey = "UIKeyboardIsLocalUserInfoKey"
}
