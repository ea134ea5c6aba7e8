// The React host's code, built with react and react-dom aliased to preact/compat.
import '../react/main.jsx';
