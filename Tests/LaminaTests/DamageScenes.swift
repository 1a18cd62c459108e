import Lamina

/// Scenes the damage tests compare.
enum DamageScenes {
    /// `layers` on a white 400 × 300 canvas, under a root layer named "root".
    static func canvas(_ layers: [Layer]) -> Scene {
        var root = Layer(name: "root")
        root.setFrame(Rect(0, 0, 400, 300))
        root.sublayers = layers
        return Scene(width: 400, height: 300, background: .white, root: root)
    }
}
