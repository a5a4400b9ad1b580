/// Shift and Caps Lock: shift is one-shot, two shifts in a row lock caps, a third unlocks;
/// Caps_Lock toggles the lock.
public struct ShiftProcessor: KeyProcessor {
    public init() {}

    public func process(_ key: KeyEvent, _ state: inout EditorState) -> KeyDisposition {
        guard case .named(let named) = key.key else { return .pass }
        switch named {
        case .shiftLeft, .shiftRight:
            let previousWasShift: Bool
            if case .named(let p)? = state.previousKey?.key, p == .shiftLeft || p == .shiftRight {
                previousWasShift = true
            } else {
                previousWasShift = false
            }
            switch state.shift {
            case .off: state.shift = .oneShot
            case .oneShot: state.shift = previousWasShift ? .locked : .off
            case .locked: state.shift = .off
            }
            return .accepted
        case .capsLock:
            state.shift = state.shift == .locked ? .off : .locked
            return .accepted
        default:
            return .pass
        }
    }
}
