public enum _Placeholder {}
