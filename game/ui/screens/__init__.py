"""The screens of the window's stack (design §8): each handles events, updates and draws."""
