import Lamina

/// The compiled programs of the GPU backend, one per `ProgramKey` (`ProgramKey.all`): the frame builder
/// names programs by key and `FrameIssuer` looks them up here.
struct DrawPrograms {
    /// Programs by `ProgramKey.index` (nil where a set has no such variant).
    private let table: [ShaderProgram?]

    /// Compiles every program; `destinationFetch`: the context has EXT_shader_framebuffer_fetch.
    init(library: ShaderLibrary, destinationFetch: Bool) throws {
        var table = [ShaderProgram?](repeating: nil, count: ProgramKey.Shader.allCases.count * ProgramKey.Variant.allCases.count)
        for key in ProgramKey.all {
            table[key.index] = try ShaderProgram(library: library, vertex: key.shader.vertex, fragment: key.shader.fragment,
                                                 defines: key.defines(destinationFetch: destinationFetch))
        }
        self.table = table
    }

    /// The program of a key (one of `ProgramKey.all`).
    subscript(key: ProgramKey) -> ShaderProgram { table[key.index]! }

    /// The instanced programs' defines.
    enum Instanced {
        /// What an instanced program of `layout` is built with, with or without its clip shape.
        static func defines(_ layout: InstanceLayout, clipped: Bool, _ extra: [String]) -> [String] {
            ["LAMINA_INSTANCED"] + extra + layout.defines(clipped: clipped) + (clipped ? ["LAMINA_CLIP_SHAPES", "LAMINA_CLIP_SINGLE"] : [])
        }
    }

    /// One kind of instanced draw: its fragment shader, parameter layout and defines; `fetches` when it is
    /// built with LAMINA_DESTINATION_FETCH where the context offers it; `clipped` when it has a variant for
    /// one clip shape.
    struct InstancedKind: Sendable {
        let fragment: String
        let layout: InstanceLayout
        let defines: [String]
        var fetches = false
        var clipped = true

        static let fill = InstancedKind(fragment: "shape.frag", layout: .fill, defines: [])
        static let border = InstancedKind(fragment: "shape.frag", layout: .border, defines: ["LAMINA_BORDER"])
        static let tableShadow = InstancedKind(fragment: "shadow.frag", layout: .tableShadow, defines: ["LAMINA_SHADOW_TABLE"])
        static let shadowFill = InstancedKind(fragment: "shadow.frag", layout: .shadowFill,
                                              defines: ["LAMINA_SHADOW_TABLE", "LAMINA_SHADOW_FILL"], fetches: true)
        static let shadowFillBorder = InstancedKind(fragment: "shadow.frag", layout: .shadowFillBorder,
                                                    defines: ["LAMINA_SHADOW_TABLE", "LAMINA_SHADOW_FILL", "LAMINA_SHADOW_BORDER"],
                                                    fetches: true, clipped: false)
        static let image = InstancedKind(fragment: "image.frag", layout: .image, defines: [])
        static let card = InstancedKind(fragment: "card.frag", layout: .card, defines: [], fetches: true, clipped: false)
        static let cardImage = InstancedKind(fragment: "card.frag", layout: .card, defines: ["LAMINA_CARD_IMAGE"], fetches: true, clipped: false)

        /// Every kind, for validating each program the backend builds.
        static let all: [InstancedKind] = [.fill, .border, .tableShadow, .shadowFill, .shadowFillBorder, .image, .card, .cardImage]

        /// The define lists of its programs (without LAMINA_DESTINATION_FETCH).
        var programDefines: [[String]] {
            [Instanced.defines(layout, clipped: false, defines)] + (clipped ? [Instanced.defines(layout, clipped: true, defines)] : [])
        }
    }

    var all: [ShaderProgram] { table.compactMap { $0 } }

    func delete() { all.forEach { $0.delete() } }
}
