/* The system ICU is linked through this module; its headers are included only by CICUShim's C files. */
