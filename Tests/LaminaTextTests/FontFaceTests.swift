import Testing
@testable import LaminaText

@Suite struct FontFaceTests {
}
