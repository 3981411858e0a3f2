//! The bridge between tensor/linalg IR and the e-graph (feature `ir`).
