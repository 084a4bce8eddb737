import Foundation

// Symbol effects (iOS 17's Symbols framework, which UIKit brings in): an image view runs
// them on a symbol image. Images here are never symbols (see UIImage+Symbols.swift), and an
// effect on an image that is not a symbol does nothing, as on iOS.

/// An animation of a symbol image.
public protocol SymbolEffect: Sendable {}
/// An effect that plays once per trigger (`.bounce`).
public protocol DiscreteSymbolEffect: SymbolEffect {}
/// An effect that runs until it is removed (`.pulse`).
public protocol IndefiniteSymbolEffect: SymbolEffect {}

/// The symbol bounces.
public struct BounceSymbolEffect: DiscreteSymbolEffect, IndefiniteSymbolEffect {
  public var up: BounceSymbolEffect { self }
  public var down: BounceSymbolEffect { self }
  public var byLayer: BounceSymbolEffect { self }
  public var wholeSymbol: BounceSymbolEffect { self }
}

/// The symbol's opacity pulses.
public struct PulseSymbolEffect: DiscreteSymbolEffect, IndefiniteSymbolEffect {
  public var byLayer: PulseSymbolEffect { self }
  public var wholeSymbol: PulseSymbolEffect { self }
}

/// The symbol's layers light up in turn.
public struct VariableColorSymbolEffect: DiscreteSymbolEffect, IndefiniteSymbolEffect {
  public var iterative: VariableColorSymbolEffect { self }
  public var cumulative: VariableColorSymbolEffect { self }
  public var reversing: VariableColorSymbolEffect { self }
  public var nonReversing: VariableColorSymbolEffect { self }
  public var hideInactiveLayers: VariableColorSymbolEffect { self }
  public var dimInactiveLayers: VariableColorSymbolEffect { self }
}

/// The symbol grows or shrinks.
public struct ScaleSymbolEffect: IndefiniteSymbolEffect {
  public var up: ScaleSymbolEffect { self }
  public var down: ScaleSymbolEffect { self }
  public var byLayer: ScaleSymbolEffect { self }
  public var wholeSymbol: ScaleSymbolEffect { self }
}

/// The symbol appears or disappears.
public struct AppearSymbolEffect: IndefiniteSymbolEffect {
  public var up: AppearSymbolEffect { self }
  public var down: AppearSymbolEffect { self }
}

public struct DisappearSymbolEffect: IndefiniteSymbolEffect {
  public var up: DisappearSymbolEffect { self }
  public var down: DisappearSymbolEffect { self }
}

extension SymbolEffect where Self == BounceSymbolEffect {
  public static var bounce: BounceSymbolEffect { BounceSymbolEffect() }
}
extension SymbolEffect where Self == PulseSymbolEffect {
  public static var pulse: PulseSymbolEffect { PulseSymbolEffect() }
}
extension SymbolEffect where Self == VariableColorSymbolEffect {
  public static var variableColor: VariableColorSymbolEffect { VariableColorSymbolEffect() }
}
extension SymbolEffect where Self == ScaleSymbolEffect {
  public static var scale: ScaleSymbolEffect { ScaleSymbolEffect() }
}
extension SymbolEffect where Self == AppearSymbolEffect {
  public static var appear: AppearSymbolEffect { AppearSymbolEffect() }
}
extension SymbolEffect where Self == DisappearSymbolEffect {
  public static var disappear: DisappearSymbolEffect { DisappearSymbolEffect() }
}

/// How an effect repeats and how fast it runs.
public struct SymbolEffectOptions: Sendable {
  /// Times to play (nil: as the effect chooses), and the speed (1 is normal).
  var repeatCount: Int?
  var speedFactor = 1.0

  public static var `default`: SymbolEffectOptions { SymbolEffectOptions() }
  public static var repeating: SymbolEffectOptions { SymbolEffectOptions(repeatCount: .max) }
  public static var nonRepeating: SymbolEffectOptions { SymbolEffectOptions(repeatCount: 1) }
  public static func `repeat`(_ count: Int) -> SymbolEffectOptions {
    SymbolEffectOptions(repeatCount: count)
  }
  public static func speed(_ speed: Double) -> SymbolEffectOptions {
    SymbolEffectOptions(speedFactor: speed)
  }
  public func `repeat`(_ count: Int) -> SymbolEffectOptions {
    var o = self
    o.repeatCount = count
    return o
  }
  public func speed(_ speed: Double) -> SymbolEffectOptions {
    var o = self
    o.speedFactor = speed
    return o
  }
}

/// What a finished effect's completion is told.
public struct UISymbolEffectCompletionContext: Sendable {
  /// Whether the effect ran to its end.
  public let isFinished: Bool
}

extension UIImageView {
  /// Runs `effect` on the image if it is a symbol: images here never are, so nothing runs
  /// and `completion` is not called, as iOS does for an image that is not a symbol.
  public func addSymbolEffect(
    _ effect: some SymbolEffect, options: SymbolEffectOptions = .default, animated: Bool = true,
    completion: ((UISymbolEffectCompletionContext) -> Void)? = nil
  ) {}

  /// Removes the effects of `type`: none run here.
  public func removeSymbolEffect(
    ofType effect: some SymbolEffect, options: SymbolEffectOptions = .default,
    animated: Bool = true, completion: ((UISymbolEffectCompletionContext) -> Void)? = nil
  ) {}

  public func removeAllSymbolEffects(options: SymbolEffectOptions = .default, animated: Bool = true)
  {}
}
