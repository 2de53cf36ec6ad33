import Actuate
print("placeholder")
