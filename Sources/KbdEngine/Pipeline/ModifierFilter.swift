/// First stage: keys with Control, Alt or Super held are the application's shortcuts, and key
/// releases carry no text; both go back to the host untouched.
public struct ModifierFilter: KeyProcessor {
    public init() {}

    public func process(_ key: KeyEvent, _ state: inout EditorState) -> KeyDisposition {
        if key.modifiers.contains(.release) { return .rejected }
        if !key.modifiers.isDisjoint(with: KeyModifiers.commandModifiers) {
            state.resetComposition()
            return .rejected
        }
        return .pass
    }
}
